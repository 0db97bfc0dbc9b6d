"""Compares what Salt and Brine predict when applying a formula in test mode: run's MODE=test outputs,
$ORACLE/runs/TAG/{salt,brine}-test.json. usage: compare_test.py TAG... (a development tool, not a test)"""
import json, os, re, sys

B = os.path.join(os.environ.get('ORACLE', '/tmp/brine-oracle'), 'runs')


def one_line(x, n=160):
    x = str(x)
    if 'Traceback (most recent call last)' in x:  # an exception in a state: its message is the last line
        ls = x.splitlines()
        at = [i for i, l in enumerate(ls) if re.match(r'[\w.]*(Error|Exception|Exit)\b', l)]
        x = 'exception: ' + ' '.join(ls[at[-1]:] if at else ls[-1:])
    s = ' '.join(x.split())
    return s if len(s) <= n else s[:n - 3] + '...'


def load(path, brine):
    """(dict of state results, None) when the tool applied; (None, first error) when it did not."""
    try:
        d = json.load(open(path))
    except Exception:
        try:
            err = open(path[:-len('.json')] + '.err').read().strip().splitlines()
        except OSError:
            err = []
        return None, 'no JSON output: ' + one_line(err[-1] if err else '?', 120)
    try:
        r = d['returns']['oracle']['ret'] if brine else d['local']
    except (KeyError, TypeError):
        return None, 'unexpected output: ' + one_line(json.dumps(d), 120)
    if isinstance(r, list):
        return None, one_line(r[0] if r else 'empty error list', 120)
    if not isinstance(r, dict):
        return None, one_line(r, 120)
    return r, None


def res(x):
    return {True: 'True', False: 'False', None: 'None'}.get(x.get('result'), repr(x.get('result')))


def chg(x):
    return 'changes' if x.get('changes') else 'no changes'


rows, details = [], []
for tag in sys.argv[1:]:
    s, se = load(f'{B}/{tag}/salt-test.json', False)
    b, be = load(f'{B}/{tag}/brine-test.json', True)
    if s is None or b is None:
        why = '; '.join(x for x in ('Salt: ' + se if se else '', 'Brine: ' + be if be else '') if x)
        rows.append((tag, s is not None, b is not None, '-', '-', '-', why))
        if s is not None or b is not None:
            details.append((tag, ['only one applied: ' + why]))
        continue
    common = [k for k in sorted(s, key=lambda k: s[k].get('__run_num__', 0)) if k in b]
    only_s = [k for k in sorted(s, key=lambda k: s[k].get('__run_num__', 0)) if k not in b]
    only_b = [k for k in sorted(b, key=lambda k: b[k].get('__run_num__', 0)) if k not in s]
    same_res = [k for k in common if s[k].get('result') == b[k].get('result')]
    same_chg = [k for k in common if bool(s[k].get('changes')) == bool(b[k].get('changes'))]
    lines, first = [], None
    for k in common:
        if k in same_res and k in same_chg:
            continue
        what = 'result' if k not in same_res else 'changes'
        lines.append('%s (%s differs)\n      Salt : %s, %s: %s\n      Brine: %s, %s: %s' % (
            k, what, res(s[k]), chg(s[k]), one_line(s[k].get('comment')),
            res(b[k]), chg(b[k]), one_line(b[k].get('comment'))))
        first = first or '%s: Salt %s/%s, Brine %s/%s' % (k, res(s[k]), chg(s[k]), res(b[k]), chg(b[k]))
    for k in only_s:
        lines.append('%s only in Salt: %s: %s' % (k, res(s[k]), one_line(s[k].get('comment'))))
        first = first or 'only in Salt: ' + k
    for k in only_b:
        lines.append('%s only in Brine: %s: %s' % (k, res(b[k]), one_line(b[k].get('comment'))))
        first = first or 'only in Brine: ' + k
    nstates = '%d' % len(common) if not only_s and not only_b else '%d common, +%d Salt, +%d Brine' % (
        len(common), len(only_s), len(only_b))
    rows.append((tag, True, True, nstates, '%d/%d' % (len(same_res), len(common)),
                 '%d/%d' % (len(same_chg), len(common)), one_line(first, 110) if first else 'identical'))
    if lines:
        details.append((tag, lines))

print('| formula | Salt applied | Brine applied | states | same result | same changes-emptiness | first difference |')
print('|---|---|---|---|---|---|---|')
for r in rows:
    print('| %s |' % ' | '.join('yes' if x is True else 'no' if x is False else str(x).replace('|', '\\|') for x in r))
for tag, lines in details:
    print('\n## %s: %d difference(s)' % (tag, len(lines)))
    for x in lines:
        print('   ' + x)

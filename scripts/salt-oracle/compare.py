import json, sys, collections
import os
B=os.path.join(os.environ.get('ORACLE', '/tmp/brine-oracle'), 'runs')
REQ={'require','watch','onchanges','onfail','listen','prereq','use','require_in','watch_in','onchanges_in','onfail_in','listen_in','prereq_in','use_in','require_any','watch_any','onchanges_any','onfail_any'}
def load(path, brine):
    try: d=json.load(open(path))
    except Exception:
        return None, 'no JSON output: %s' % (open(path.replace('.json','.err')).read().strip().splitlines() or ['?'])[-1][:200]
    r = d['returns']['oracle']['ret'] if brine else d['local']
    if isinstance(r, list): return None, str(r[0]).splitlines()[0][:200]
    if isinstance(r, str): return None, r.splitlines()[0][:200]
    return r, None
def chunks(high):
    out={}
    for sid, body in high.items():
        if sid=='__extend__' or not isinstance(body, dict): continue
        for mod, a in body.items():
            if mod.startswith('__'): continue
            fun=[x for x in a if isinstance(x,str)]
            d={}
            for x in a:
                if isinstance(x,dict):
                    for k,v in x.items():
                        if k in REQ: d.setdefault(k,[]).extend(v if isinstance(v,list) else [v])
                        else: d[k]=v
            if 'names' in d: names=d['names']
            elif 'name' in d: names=[d['name']]
            else: names=[sid]
            out[(sid,'%s.%s'%(mod,fun[0] if fun else None))]=(d,names)
    return out
def cosmetic(a,b):
    if isinstance(a,(int,float)) and not isinstance(a,bool) and isinstance(b,str):
        return b.lstrip('0')==str(a).lstrip('0') or b==str(a)
    if isinstance(b,list) and len(b)==1 and not isinstance(a,list): return b[0]==a
    return False
def norm_req(v):
    return sorted(json.dumps(x,sort_keys=True) for x in v)
rows=[]; argrep=[]
for f in sys.argv[1:]:
    s,se=load(f'{B}/{f}/salt.json',False); b,be=load(f'{B}/{f}/brine.json',True)
    if s is None or b is None:
        rows.append((f, se is None, be is None, '-', '-', ('Salt: '+se if se else '')+(' / ' if se and be else '')+('Brine: '+be if be else ''))); continue
    cs, cb = chunks(s), chunks(b)
    diffs=[]
    ids_s={k[0] for k in cs}; ids_b={k[0] for k in cb}
    for i in sorted(ids_s-ids_b): diffs.append('ID only in Salt: %r %s' % (i, [k[1] for k in cs if k[0]==i]))
    for i in sorted(ids_b-ids_s): diffs.append('ID only in Brine: %r %s' % (i, [k[1] for k in cb if k[0]==i]))
    for k in sorted(set(cs)-set(cb)):
        if k[0] in ids_b: diffs.append('function differs for %r: Salt %s, Brine %s' % (k[0], k[1], [x[1] for x in cb if x[0]==k[0]]))
    for k in sorted(set(cs)&set(cb)):
        if cs[k][1]!=cb[k][1]: diffs.append('name differs for %r %s: Salt %r, Brine %r' % (k[0],k[1],cs[k][1],cb[k][1]))
    # args
    real=[]; cos=collections.Counter(); hidden=collections.Counter(); req=[]
    for k in sorted(set(cs)&set(cb)):
        sd, bd = cs[k][0], cb[k][0]
        for key,v in sd.items():
            if key in ('order','name','names'): continue
            if key in REQ:
                if norm_req(v)!=norm_req(bd.get(key,[])): req.append('%s %s %s: Salt=%s Brine=%s'%(k[0],k[1],key,json.dumps(v),json.dumps(bd.get(key))))
                continue
            if key not in bd: hidden[key]+=1
            elif bd[key]!=v:
                if cosmetic(v,bd[key]): cos[key]+=1
                else: real.append('%s %s %s: Salt=%s Brine=%s'%(k[0],k[1],key,json.dumps(v)[:100],json.dumps(bd[key])[:100]))
    # order: relative rank of common chunks
    common=sorted(set(cs)&set(cb))
    so=sorted(common,key=lambda k:(str(cs[k][0].get('order',0)),k)); bo=sorted(common,key=lambda k:(str(cb[k][0].get('order',0)),k))
    order_ok = so==bo
    ext = '__extend__' in s
    argrep.append((f, len(common), real, req, dict(cos), dict(hidden), order_ok, ext))
    rows.append((f, True, True, 'yes' if not diffs else 'no', 'yes' if not real and not req else 'no', ('%d chunks; '%len(cs)) + ('; '.join(diffs[:3]) + (' (+%d more)'%(len(diffs)-3) if len(diffs)>3 else '') if diffs else 'IDs/functions/names identical')))
print('| formula | Salt ok | Brine ok | IDs+fun+name match | args+requisites match | first difference / error |'); print('|---|---|---|---|---|---|')
for r in rows: print('| %s |' % ' | '.join('yes' if x is True else 'no' if x is False else str(x) for x in r))
print()
for f,n,real,req,cos,hid,ok,ext in argrep:
    print('## %s: %d common chunks; value diffs %d; requisite diffs %d; order-rank same: %s%s' % (f,n,len(real),len(req),ok,'; Salt output has unapplied __extend__' if ext else ''))
    if cos: print('   cosmetic (int vs str / scalar vs 1-list):', cos)
    if hid: print('   args Salt shows but Brine show_sls omits:', hid)
    for x in real[:5]: print('   VALUE', x)
    for x in req[:3]: print('   REQ', x)

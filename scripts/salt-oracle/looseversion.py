# minimal stand-in for the looseversion package (distutils LooseVersion semantics)
import re
class LooseVersion:
    component_re = re.compile(r"(\d+ | [a-z]+ | \.)", re.VERBOSE)
    def __init__(self, vstring=None):
        if vstring:
            self.parse(vstring)
    def parse(self, vstring):
        self.vstring = vstring
        components = [x for x in self.component_re.split(vstring) if x and x != "."]
        for i, obj in enumerate(components):
            try:
                components[i] = int(obj)
            except ValueError:
                pass
        self.version = components
    def __str__(self):
        return self.vstring
    def __repr__(self):
        return "LooseVersion('%s')" % str(self)
    def _cmp(self, other):
        if isinstance(other, str):
            other = LooseVersion(other)
        elif not isinstance(other, LooseVersion):
            return NotImplemented
        a, b = self.version, other.version
        try:
            return (a > b) - (a < b)
        except TypeError:
            a = [str(x) for x in a]; b = [str(x) for x in b]
            return (a > b) - (a < b)
    def __eq__(self, o):
        c = self._cmp(o); return c if c is NotImplemented else c == 0
    def __lt__(self, o):
        c = self._cmp(o); return c if c is NotImplemented else c < 0
    def __le__(self, o):
        c = self._cmp(o); return c if c is NotImplemented else c <= 0
    def __gt__(self, o):
        c = self._cmp(o); return c if c is NotImplemented else c > 0
    def __ge__(self, o):
        c = self._cmp(o); return c if c is NotImplemented else c >= 0
    def __hash__(self):
        return hash(self.vstring)

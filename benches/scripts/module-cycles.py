#!/usr/bin/env python3
"""Module cycles in the workspace's crates: which modules (files) use items of which others.

A module uses another when its file names it through `crate::`, `super::` or a path from
one of its own `use` lines. Only modules of which neither contains the other count (a module
and its children always know each other). Prints every cycle found (as a strongly connected
group of modules) and exits 1 if there is one.

    benches/scripts/module-cycles.py            # every crate under crates/
"""
import os, re, sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..')

def modules(src):
    mods = {}
    for dirpath, _, files in os.walk(src):
        for f in files:
            if not f.endswith('.rs'):
                continue
            path = os.path.relpath(os.path.join(dirpath, f), src)[:-3].split(os.sep)
            if path[-1] in ('mod', 'lib', 'main'):
                path = path[:-1]
            mods[tuple(path)] = os.path.join(dirpath, f)
    return mods

def strip_tests(text):
    m = re.search(r'^#\[cfg\(test\)\]\s*\nmod tests', text, re.M)
    return text[:m.start()] if m else text

def references(name, text, mods):
    refs = set()
    text = re.sub(r'//[^\n]*', '', strip_tests(text))
    for m in re.finditer(r'\b(crate|super)((?:::[A-Za-z_][A-Za-z0-9_]*)+)', text):
        base = [] if m.group(1) == 'crate' else list(name[:-1])
        parts = m.group(2).split('::')[1:]
        while parts and parts[0] == 'super':
            base = base[:-1]
            parts = parts[1:]
        path = base + parts
        best = None
        for k in range(len(path), -1, -1):
            if tuple(path[:k]) in mods:
                best = tuple(path[:k]); break
        if best is not None:
            refs.add(best)
    return refs

def related(a, b):
    return a[:len(b)] == b or b[:len(a)] == a

def cycles(graph):
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]
    def visit(v):
        index[v] = low[v] = n[0]; n[0] += 1; stack.append(v); on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w); low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop(); on.discard(w); group.append(w)
                if w == v: break
            if len(group) > 1:
                out.append(group)
    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return out

found = 0
crates = os.path.join(root, 'crates')
for crate in sorted(os.listdir(crates)):
    src = os.path.join(crates, crate, 'src')
    if not os.path.isdir(src):
        continue
    mods = modules(src)
    graph = {m: set() for m in mods}
    for name, path in mods.items():
        for r in references(name, open(path).read(), mods):
            if not related(name, r):
                graph[name].add(r)
    for group in cycles(graph):
        found += 1
        print(f"{crate}: " + " <-> ".join('::'.join(g) or 'lib' for g in sorted(group)))
print(f"module cycles: {found}")
sys.exit(1 if found else 0)

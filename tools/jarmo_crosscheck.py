#!/usr/bin/env python3
"""Cross-checks tablero's Jarmo against tools/jarmo_perft.py on positions of
random games: for 40 seeded random games (both variants) it takes up to six
positions each and compares the legal moves and perft 1-3.

Usage: python3 tools/jarmo_crosscheck.py [PATH-TO-tablero]   (default ./target/debug/tablero)
Run from the repository root after `cargo build`. Not part of CI.
"""
import json
import os
import random
import subprocess
import sys
import tempfile
sys.path.insert(0, 'tools')
import jarmo_perft as J
T=sys.argv[1] if len(sys.argv) > 1 else "./target/debug/tablero"
checked=0; mism=0
for seed in range(1,41):
    var = 'flipped' if seed%2 else 'standard'
    rec=os.path.join(tempfile.gettempdir(), f'jarmo-crosscheck-{seed}.txt')
    subprocess.run([T,'play','jarmo','--variant',var,'--p1','random','--p2','random','--seed',str(seed),'--record',rec],capture_output=True)
    body=open(rec).read().split('\n\n',1)[1]
    moves=[m.strip() for m in body.replace('\n',' ').split(',') if m.strip()]
    idxs=sorted(set(random.Random(seed).sample(range(len(moves)+1), min(6,len(moves)+1))))
    for k in idxs:
        out=subprocess.run([T,'moves','jarmo','--variant',var,'--moves',', '.join(moves[:k]),'--json'],capture_output=True,text=True)
        if out.returncode!=0: print('ERR',out.stderr); continue
        v=json.loads(out.stdout)
        pos=v['position']
        r=subprocess.run([T,'perft','jarmo','--variant',var,'--position',pos,'--depth','3','--json'],capture_output=True,text=True)
        rn=[x['nodes'] for x in json.loads(r.stdout)]
        p=J.parse_position(var=='flipped',pos)
        pn=[J.perft(p,d) for d in (1,2,3)]
        legal_py=sorted(t for t,_ in J.moves(p))
        checked+=1
        if rn!=pn or (v['outcome'] is None and legal_py!=v['legal']):
            mism+=1; print('MISMATCH',var,pos,rn,pn)
print('checked',checked,'mismatches',mism)

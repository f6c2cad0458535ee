import json,sys,os
tasks=['rms_norm','layer_norm','row_softmax','matmul','transpose','gdn_chunk_fwd_o','fp8_quant','cross_entropy']
def mode(d,name): return [m for m in d['modes'] if m['name']==name][0]
def at(m,n):
    for b in m['best_by_budget']:
        if b['measurements']==n: return b['median']
print('%-22s'%'config',' '.join('%-13s'%t[:13] for t in tasks),' met')
for cfg in sys.argv[1:]:
    row=[];met=0
    for t in tasks:
        p=os.path.join(cfg,t+'.json')
        if not os.path.exists(p): row.append('-'*13); continue
        d=json.load(open(p)); b=mode(d,'baseline'); s=mode(d,'topk/search-aware')
        r=s['median_measurements_to_target']/b['median_measurements_to_target']; f=at(s,64)/at(b,64)
        met+= r<=0.6
        row.append('%.2f n%-3d %.3f'%(r,s['seeds_never_reaching_target'],f))
    print('%-22s'%os.path.basename(cfg.rstrip('/')),' '.join('%-13s'%x for x in row),' ',met)

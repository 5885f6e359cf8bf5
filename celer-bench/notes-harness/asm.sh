#!/bin/bash
# asm.sh JAR METHOD_REGEX args-for-Dec... : disassemble a hot JIT method and annotate with perf samples
J=$1; RX=$2; shift 2
java -XX:+UnlockDiagnosticVMOptions -cp classes:$J "$@" > /tmp/perfbench/asm_out.txt 2>&1 &
PID=$!
sleep 12
jcmd $PID Compiler.perfmap >/dev/null
perf record -e cpu-clock -F 5000 -p $PID -o /tmp/perfbench/asm.data -- sleep 6 2>/dev/null >/dev/null
jcmd $PID Compiler.perfmap >/dev/null
perf script -i /tmp/perfbench/asm.data -F ip 2>/dev/null > /tmp/perfbench/ips.txt
LINE=$(grep -E "$RX" /tmp/perf-$PID.map | python3 -c "
import sys
ips=[int(l,16) for l in open('/tmp/perfbench/ips.txt') if l.strip()]
best=max(sys.stdin, key=lambda l: sum(1 for i in ips if int(l.split()[0],16)<=i<int(l.split()[0],16)+int(l.split()[1],16)))
print(best.strip())")
echo "$LINE"
ADDR=$(echo $LINE | awk '{print $1}'); SIZE=$(echo $LINE | awk '{print $2}')
python3 - $PID $ADDR $SIZE <<'PY'
import sys
pid,addr,size=int(sys.argv[1]),int(sys.argv[2],16),int(sys.argv[3],16)
with open(f'/proc/{pid}/mem','rb') as f:
    f.seek(addr); open('/tmp/perfbench/code.bin','wb').write(f.read(size))
PY
wait $PID
cat /tmp/perfbench/asm_out.txt
perf script -i /tmp/perfbench/asm.data -F ip 2>/dev/null | python3 -c "
import sys,collections
a=$((ADDR)); s=$((SIZE)); c=collections.Counter(); tot=0
for l in sys.stdin:
  l=l.strip()
  if not l: continue
  ip=int(l,16); tot+=1
  if a<=ip<a+s: c[ip-a]+=1
open('/tmp/perfbench/hist.txt','w').write('\n'.join(f'{k:x} {v}' for k,v in sorted(c.items())))
print('samples total',tot,'in method',sum(c.values()))
"
objdump -D -b binary -mi386:x86-64 --adjust-vma=0 /tmp/perfbench/code.bin > /tmp/perfbench/code.asm
python3 - <<'PY'
h={}
for l in open('/tmp/perfbench/hist.txt'):
    k,v=l.split(); h[int(k,16)]=int(v)
out=[]
for l in open('/tmp/perfbench/code.asm'):
    p=l.split(':',1)
    try: off=int(p[0].strip(),16)
    except: out.append(l.rstrip()); continue
    out.append(f"{h.get(off,0):5d} {l.rstrip()}")
open('/tmp/perfbench/annot.asm','w').write('\n'.join(out))
PY

# Independent naive Los Alamos perft: 6x6, K Q R N P, no castling, no double step, no e.p.
N=6
start = ["RNQKNR","PPPPPP","......","......","pppppp","rnqknr"]  # rank1 first
def parse():
    b={}
    for y,row in enumerate(start):
        for x,c in enumerate(row):
            if c!='.': b[(x,y)]=c
    return b
K8=[(1,2),(2,1),(-1,2),(-2,1),(1,-2),(2,-1),(-1,-2),(-2,-1)]
ORTH=[(1,0),(-1,0),(0,1),(0,-1)]; DIAG=[(1,1),(1,-1),(-1,1),(-1,-1)]
def white(c): return c.isupper()
def inb(x,y): return 0<=x<N and 0<=y<N
def pseudo(b,w):
    out=[]
    for (x,y),c in list(b.items()):
        if white(c)!=w: continue
        p=c.upper()
        def add(tx,ty):
            t=b.get((tx,ty))
            if t is None or white(t)!=w: out.append(((x,y),(tx,ty),None))
        if p=='K':
            for dx,dy in ORTH+DIAG:
                if inb(x+dx,y+dy): add(x+dx,y+dy)
        elif p=='N':
            for dx,dy in K8:
                if inb(x+dx,y+dy): add(x+dx,y+dy)
        elif p in 'QR':
            for dx,dy in (ORTH+DIAG if p=='Q' else ORTH):
                tx,ty=x+dx,y+dy
                while inb(tx,ty):
                    add(tx,ty)
                    if (tx,ty) in b: break
                    tx+=dx;ty+=dy
        elif p=='P':
            d=1 if w else -1
            last=N-1 if w else 0
            moves=[]
            if inb(x,y+d) and (x,y+d) not in b: moves.append((x,y+d))
            for dx in (-1,1):
                t=b.get((x+dx,y+d))
                if t is not None and white(t)!=w: moves.append((x+dx,y+d))
            for m in moves:
                if m[1]==last:
                    for pr in 'QRN': out.append(((x,y),m,pr if w else pr.lower()))
                else: out.append(((x,y),m,None))
    return out
def attacked(b,sq,by_white):
    for m in pseudo(b,by_white):
        if m[1]==sq: return True
    return False
def make(b,m):
    nb=dict(b); c=nb.pop(m[0]); nb[m[1]]=m[2] or c; return nb
def legal(b,w):
    res=[]
    for m in pseudo(b,w):
        nb=make(b,m)
        k=[s for s,c in nb.items() if c==('K' if w else 'k')][0]
        if not attacked(nb,k,not w): res.append(m)
    return res
def perft(b,w,d):
    if d==0: return 1
    ms=legal(b,w)
    if d==1: return len(ms)
    return sum(perft(make(b,m),not w,d-1) for m in ms)
b=parse()
for d in range(1,5): print(d,perft(b,True,d))

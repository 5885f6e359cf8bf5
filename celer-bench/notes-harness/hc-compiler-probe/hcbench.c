/* HC probe (docs/native-build.md): times LZ4_compress_HC (or fast compression, or decompression) of
 * several liblz4 builds dlopen-ed into one process, interleaved; usage in run.sh beside it. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
typedef int (*hc_t)(const char*, char*, int, int, int);
typedef int (*st_t)(void*, const char*, char*, int, int, int); /* the *_extStateHC* entry points */
static double cpu(void){struct timespec t;clock_gettime(CLOCK_THREAD_CPUTIME_ID,&t);return t.tv_sec+t.tv_nsec*1e-9;}
/* hcbench LEVEL BS REPS LIBS... -- FILES... ; level 0 = fast, -1 = decompress. A library given as
 * PATH:FUNCTION (level > 0) is timed through FUNCTION, an entry point with a state as its first
 * argument (LZ4_compress_HC_extStateHC, LZ4_compress_HC_extStateHC_fastReset), one state per
 * library reused by every call, as Celer calls it. */
int main(int argc,char**argv){
  int level=atoi(argv[1]), bs=atoi(argv[2]), reps=atoi(argv[3]);
  hc_t fn[16]; hc_t comp[16]; st_t sfn[16]; void*st[16]; int nl=0; int a=4;
  for(;strcmp(argv[a],"--");a++){char path[1024]; snprintf(path,sizeof path,"%s",argv[a]); char*fname=strchr(path,':'); if(fname)*fname++=0;
    void*h=dlopen(path,RTLD_NOW|RTLD_LOCAL); if(!h){puts(dlerror());return 1;}
    fn[nl]=(hc_t)dlsym(h,level>0?"LZ4_compress_HC":level==0?"LZ4_compress_fast":"LZ4_decompress_safe"); comp[nl]=(hc_t)dlsym(h,"LZ4_compress_HC");
    sfn[nl]=NULL; st[nl]=NULL;
    if(fname){sfn[nl]=(st_t)dlsym(h,fname); if(!sfn[nl]){printf("%s: no %s\n",path,fname);return 1;}
      int sz=((int(*)(void))dlsym(h,"LZ4_sizeofStateHC"))(); st[nl]=aligned_alloc(64,(sz+63)/64*64); memset(st[nl],0,sz);}
    nl++;}
  a++;
  double gm[16]={0}; int nf=0;
  for(int f=a;f<argc;f++,nf++){
    FILE*fp=fopen(argv[f],"rb"); fseek(fp,0,SEEK_END); long n=ftell(fp); fseek(fp,0,SEEK_SET);
    if(n>8<<20)n=8<<20; char*in=malloc(n); fread(in,1,n,fp); fclose(fp); char*out=malloc(bs*2+1024);
    int nb=(n+bs-1)/bs; char**cb=malloc(nb*sizeof(char*)); int*cl=malloc(nb*sizeof(int));
    if(level<0) for(int b=0;b<nb;b++){long o=(long)b*bs;int len=n-o<bs?n-o:bs;cb[b]=malloc(bs*2+1024);cl[b]=comp[0](in+o,cb[b],len,bs*2+1024,9);}
    double best[16]; for(int l=0;l<nl;l++)best[l]=1e9;
    for(int r=0;r<reps;r++) for(int l=0;l<nl;l++){ double t0=cpu();
      for(int b=0;b<nb;b++){long o=(long)b*bs;int len=n-o<bs?n-o:bs;
        if(sfn[l]) sfn[l](st[l],in+o,out,len,bs*2+1024,level); else if(level>0) fn[l](in+o,out,len,bs*2+1024,level); else if(level==0) fn[l](in+o,out,len,bs*2+1024,1); else fn[l](cb[b],out,cl[b],bs*2+1024,0);}
      double t=cpu()-t0; if(t<best[l])best[l]=t;}
    printf("%-28s", strrchr(argv[f],'/')+1); for(int l=0;l<nl;l++){printf(" %7.1f MB/s %.3f", n/best[l]/1e6, best[0]/best[l]); gm[l]+=__builtin_log(best[0]/best[l]);} printf("\n");
  }
  printf("%-28s","geomean ratio"); for(int l=0;l<nl;l++)printf(" %18.3f",__builtin_exp(gm[l]/nf)); printf("\n");
}

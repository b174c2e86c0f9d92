/* Greedy search for RANK_MULT in gen_tables.py (run once; takes minutes).
 * For each rank in turn, take the smallest multiplier above the previous one
 * such that every multiset of ranks chosen so far (each rank at most 4 times,
 * at most 7 cards) still has a distinct sum. A stamp array marks sums seen. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>
/* greedy search: multipliers m[0..12] so that every multiset with counts<=4, size<=7 has unique sum */
typedef struct { uint32_t s; uint8_t n; } ms_t;
int main(void){
  static ms_t cur[200000], nxt[200000];
  size_t ncur=1; cur[0].s=0; cur[0].n=0;
  uint32_t m[13]; uint32_t maxsum=0;
  size_t cap = 1u<<27; uint32_t *stamp = calloc(cap, 4); uint32_t gen=0;
  for(int r=0;r<13;r++){
    uint32_t cand = r? m[r-1]+1 : 1;
    for(;;cand++){
      gen++; int ok=1;
      for(size_t i=0;i<ncur && ok;i++){
        for(int c=0;c<=4 && cur[i].n+c<=7;c++){
          uint64_t v = (uint64_t)cur[i].s + (uint64_t)c*cand;
          if(v>=cap){ fprintf(stderr,"cap\n"); return 1;}
          if(stamp[v]==gen){ok=0;break;}
          stamp[v]=gen;
        }
      }
      if(ok) break;
    }
    m[r]=cand; size_t k=0;
    for(size_t i=0;i<ncur;i++) for(int c=0;c<=4 && cur[i].n+c<=7;c++){ nxt[k].s=cur[i].s+c*cand; nxt[k].n=cur[i].n+c; if(nxt[k].s>maxsum)maxsum=nxt[k].s; k++;}
    memcpy(cur,nxt,k*sizeof(ms_t)); ncur=k;
    printf("rank %d mult %u count %zu maxsum %u\n", r, cand, ncur, maxsum); fflush(stdout);
  }
  return 0;
}

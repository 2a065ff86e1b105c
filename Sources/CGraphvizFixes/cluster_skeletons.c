// Graphviz 2.43's dot loses memory for every cluster it lays out, on every
// render: about 47 KB for the game character's five clusters, against
// half a kilobyte for a flat machine. valgrind names two places.
//
// - Mincross collapses each cluster into a skeleton, a virtual "rank
//   leader" node on each of its ranks joined by virtual edges, and the
//   edges into the cluster are tied to those leaders. expand_cluster later
//   puts the real nodes back and ends with remove_rankleaders, which
//   unlinks the leaders and every edge still tied to them (delete_fast_node,
//   delete_fast_edge) but frees none of them; map_path unlinks some more
//   the same way. dot_cleanup frees only the virtual nodes still listed.
// - Ranking gives each edge into a cluster a slack node and two auxiliary
//   edges (class1's interclust1); the lists that held them are renewed
//   after ranking and they are never freed.
//
// The dot plugin calls both class1 and expand_cluster through its own
// procedure linkage table, so the program can route those calls through
// the wrappers below by rewriting the two table entries once the plugin is
// loaded. The wrappers note what 2.43 will forget: the leaders of the
// cluster about to be expanded and the edges tied to them, and the slack
// nodes and their edges just made. Once the layout is done,
// workbench_after_layout strikes from that list anything still reachable
// from the laid-out graph, which dot_cleanup will free itself;
// workbench_after_free_layout, called after gvFreeLayout, frees the rest,
// as dot_cleanup frees the virtual objects it does know.
//
// Only Graphviz 2.43.0 is patched: a later release that frees these
// objects itself would otherwise see them freed twice. Anything the patch
// cannot find (another build of the plugin) leaves Graphviz as it is.

#define _GNU_SOURCE
#include "CGraphvizFixes.h"

#if !defined(__linux__) || !defined(__LP64__)
// Elsewhere (macOS's Homebrew has a later Graphviz) there is nothing to do.
void workbench_before_layout(void) {}
void workbench_after_layout(Agraph_t *graph) { (void)graph; }
void workbench_after_free_layout(void) {}
#else

#include <dlfcn.h>
#include <graphviz/graphviz_version.h>
#include <graphviz/gvc.h>
#include <graphviz/types.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

// Node and edge types, as in Graphviz's const.h, which is not installed.
enum { TypeNormal = 0, TypeVirtual = 1, TypeSlack = 2, TypeClusterEdge = 5 };

// The objects 2.43 is about to forget, a growing array of pointers each.
typedef struct {
  void **items;
  size_t count;
  size_t capacity;
} Pointers;

static Pointers forgottenNodes;
static Pointers forgottenEdges;

static void append(Pointers *pointers, void *item) {
  if (pointers->count == pointers->capacity) {
    size_t capacity = pointers->capacity ? pointers->capacity * 2 : 64;
    void **items = realloc(pointers->items, capacity * sizeof(void *));
    if (!items) return;  // Out of memory: this object stays leaked, as before.
    pointers->items = items;
    pointers->capacity = capacity;
  }
  pointers->items[pointers->count++] = item;
}

// Notes the edges of `list`: all of them with `anyType`, else the virtual ones.
static void appendEdges(elist list, int anyType) {
  for (int index = 0; index < list.size && list.list; index++) {
    edge_t *edge = list.list[index];
    if (!edge) continue;
    int type = ED_edge_type(edge);
    // A real edge (made by cgraph) is never tied to a virtual node; only
    // virtual edges are noted, and the slack nodes' auxiliary edges.
    if (anyType || type == TypeVirtual || type == TypeClusterEdge) append(&forgottenEdges, edge);
  }
}

// The plugin's own functions, which the wrappers call.
static void (*originalExpandCluster)(graph_t *);
static void (*originalClass1)(graph_t *);

// expand_cluster, noting the rank leaders of `cluster` and the edges tied
// to them first: remove_rankleaders unlinks all of them at its end.
static void expandCluster(graph_t *cluster) {
  node_t **leaders = GD_rankleader(cluster);
  if (leaders) {
    for (int rank = GD_minrank(cluster); rank <= GD_maxrank(cluster); rank++) {
      node_t *leader = leaders[rank];
      if (!leader || ND_node_type(leader) != TypeVirtual) continue;
      append(&forgottenNodes, leader);
      appendEdges(ND_out(leader), 0);
      appendEdges(ND_in(leader), 0);
    }
  }
  originalExpandCluster(cluster);
}

// class1, noting the slack nodes it made and their auxiliary edges.
static void class1(graph_t *graph) {
  originalClass1(graph);
  for (node_t *node = GD_nlist(graph); node; node = ND_next(node)) {
    if (ND_node_type(node) != TypeSlack) continue;
    append(&forgottenNodes, node);
    appendEdges(ND_out(node), 1);
  }
}

// MARK: - Rewriting the plugin's procedure linkage table

// What the search of the loaded objects found.
typedef struct {
  int found;
} Search;

// `address` in the loaded object at `base`, whether glibc relocated the
// dynamic entry that gave it (as it does on x86-64) or not.
static uintptr_t absolute(uintptr_t base, uintptr_t address) {
  return address < base ? base + address : address;
}

// Routes the plugin's calls of `name` to `wrapper`, keeping its own
// function in `*original`; 1 when done.
static int reroute(
    struct dl_phdr_info *info, const ElfW(Rela) * relocations, size_t count,
    const ElfW(Sym) * symbols, const char *strings, const char *name, void *wrapper,
    void **original) {
  uintptr_t base = info->dlpi_addr;
  for (size_t index = 0; index < count; index++) {
    const ElfW(Sym) *symbol = &symbols[ELF64_R_SYM(relocations[index].r_info)];
    if (strcmp(strings + symbol->st_name, name) != 0 || symbol->st_value == 0) continue;
    void **slot = (void **)(base + relocations[index].r_offset);
    long pageSize = sysconf(_SC_PAGESIZE);
    void *page = (void *)((uintptr_t)slot & ~((uintptr_t)pageSize - 1));
    // The table is writable unless the plugin was linked with -z now; make
    // sure, and leave its page as it was.
    int relro = 0;
    for (int header = 0; header < info->dlpi_phnum; header++) {
      const ElfW(Phdr) *segment = &info->dlpi_phdr[header];
      uintptr_t start = base + segment->p_vaddr;
      if (segment->p_type == PT_GNU_RELRO && (uintptr_t)slot >= start &&
          (uintptr_t)slot < start + segment->p_memsz)
        relro = 1;
    }
    if (relro && mprotect(page, (size_t)pageSize, PROT_READ | PROT_WRITE) != 0) return 0;
    *original = (void *)(base + symbol->st_value);
    *slot = wrapper;
    if (relro) mprotect(page, (size_t)pageSize, PROT_READ);
    return 1;
  }
  return 0;
}

static int findPlugin(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  Search *search = data;
  if (!info->dlpi_name || !strstr(info->dlpi_name, "libgvplugin_dot_layout.so")) return 0;
  uintptr_t base = info->dlpi_addr;
  const ElfW(Dyn) *dynamic = NULL;
  for (int header = 0; header < info->dlpi_phnum; header++) {
    if (info->dlpi_phdr[header].p_type == PT_DYNAMIC)
      dynamic = (const ElfW(Dyn) *)(base + info->dlpi_phdr[header].p_vaddr);
  }
  if (!dynamic) return 1;
  uintptr_t relocations = 0, relocationsSize = 0, symbols = 0, strings = 0;
  for (; dynamic->d_tag != DT_NULL; dynamic++) {
    switch (dynamic->d_tag) {
    case DT_JMPREL: relocations = absolute(base, dynamic->d_un.d_ptr); break;
    case DT_PLTRELSZ: relocationsSize = dynamic->d_un.d_val; break;
    case DT_SYMTAB: symbols = absolute(base, dynamic->d_un.d_ptr); break;
    case DT_STRTAB: strings = absolute(base, dynamic->d_un.d_ptr); break;
    default: break;
    }
  }
  if (!relocations || !symbols || !strings) return 1;
  size_t count = relocationsSize / sizeof(ElfW(Rela));
  const ElfW(Rela) *table = (const ElfW(Rela) *)relocations;
  const ElfW(Sym) *symbolTable = (const ElfW(Sym) *)symbols;
  const char *stringTable = (const char *)strings;
  void *expand = NULL, *rank = NULL;
  // Both or neither: a half-installed fix would still be correct, but
  // keep the two together for clarity.
  if (reroute(info, table, count, symbolTable, stringTable, "expand_cluster",
              (void *)expandCluster, &expand)) {
    originalExpandCluster = (void (*)(graph_t *))expand;
    search->found = 1;
  }
  if (reroute(info, table, count, symbolTable, stringTable, "class1", (void *)class1, &rank))
    originalClass1 = (void (*)(graph_t *))rank;
  return 1;
}

// Reroutes the plugin's calls once it is loaded, which the first dot
// layout does: until then, each call looks again.
static void install(void) {
  static int installed = 0;
  if (installed || strcmp(PACKAGE_VERSION, "2.43.0") != 0) return;
  Search search = {0};
  dl_iterate_phdr(findPlugin, &search);
  if (search.found) installed = 1;
}

void workbench_before_layout(void) {
  install();
  // What a failed layout noted stays leaked, as it always was.
  forgottenNodes.count = 0;
  forgottenEdges.count = 0;
}

// MARK: - Freeing what was forgotten

static int comparePointers(const void *left, const void *right) {
  uintptr_t a = (uintptr_t) * (void *const *)left, b = (uintptr_t) * (void *const *)right;
  return (a > b) - (a < b);
}

// Sorts and removes duplicates.
static void sortUnique(Pointers *pointers) {
  if (pointers->count == 0) return;
  qsort(pointers->items, pointers->count, sizeof(void *), comparePointers);
  size_t kept = 1;
  for (size_t index = 1; index < pointers->count; index++)
    if (pointers->items[index] != pointers->items[kept - 1])
      pointers->items[kept++] = pointers->items[index];
  pointers->count = kept;
}

// Strikes `item` from `pointers` (sorted) if it is there.
static void strike(Pointers *pointers, void *item) {
  if (!item || pointers->count == 0) return;
  void **found = bsearch(&item, pointers->items, pointers->count, sizeof(void *), comparePointers);
  if (found) *found = NULL;
}

static void strikeEdges(elist list) {
  for (int index = 0; index < list.size && list.list; index++)
    strike(&forgottenEdges, list.list[index]);
}

// What a node still lists is alive: dot_cleanup frees it, or it is real.
static void strikeListed(node_t *node) {
  strike(&forgottenNodes, node);
  strikeEdges(ND_in(node));
  strikeEdges(ND_out(node));
  strikeEdges(ND_flat_in(node));
  strikeEdges(ND_flat_out(node));
  strikeEdges(ND_other(node));
}

void workbench_after_layout(Agraph_t *graph) {
  install();
  sortUnique(&forgottenNodes);
  sortUnique(&forgottenEdges);
  if (forgottenNodes.count == 0 && forgottenEdges.count == 0) return;
  for (node_t *node = GD_nlist(graph); node; node = ND_next(node)) strikeListed(node);
  for (node_t *node = agfstnode(graph); node; node = agnxtnode(graph, node)) {
    strikeListed(node);
    for (edge_t *edge = agfstout(graph, node); edge; edge = agnxtout(graph, edge))
      strike(&forgottenEdges, ED_to_virt(edge));
  }
}

void workbench_after_free_layout(void) {
  // As dot_cleanup frees a virtual edge and a virtual node: the record,
  // then the object (an edge is the first of its pair).
  for (size_t index = 0; index < forgottenEdges.count; index++) {
    edge_t *edge = forgottenEdges.items[index];
    if (!edge) continue;
    free(edge->base.data);
    free(edge);
  }
  for (size_t index = 0; index < forgottenNodes.count; index++) {
    node_t *node = forgottenNodes.items[index];
    if (!node) continue;
    free(ND_out(node).list);
    free(ND_in(node).list);
    free(node->base.data);
    free(node);
  }
  forgottenEdges.count = 0;
  forgottenNodes.count = 0;
}

#endif

#ifndef CGRAPHVIZFIXES_H
#define CGRAPHVIZFIXES_H

#include <graphviz/cgraph.h>
#include <stddef.h>

// Replaced at link time, nothing to call: a Graphviz 2.43 function that leaks
// (free_html_text.c says which, and why).

// Reads `length` bytes of DOT text as agmemread does, into a graph whose
// objects are numbered in the order the text makes them, so that its layout
// does not depend on where malloc put their names (read_in_order.c). NULL when
// the text does not parse. Free the graph with agclose.
Agraph_t *workbench_read_in_order(const char *text, size_t length);

// Around each dot layout, in this order, from one thread at a time: frees
// what Graphviz 2.43 forgets of every cluster's layout (cluster_skeletons.c).
// Before gvLayout:
void workbench_before_layout(void);
// After a gvLayout that succeeded, with its graph:
void workbench_after_layout(Agraph_t *graph);
// After gvFreeLayout:
void workbench_after_free_layout(void);

#endif

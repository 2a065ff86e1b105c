#ifndef CGRAPHVIZFIXES_H
#define CGRAPHVIZFIXES_H

// Nothing to call: this target only replaces, at link time, a Graphviz 2.43
// function that leaks (free_html_text.c says which, and why).

#endif

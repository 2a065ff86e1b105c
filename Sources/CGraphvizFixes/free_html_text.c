// Graphviz 2.43, which Debian and Ubuntu ship, leaks 72 bytes or more per
// line of every HTML-like label on every render: its free_html_text frees
// each line's text but not the array that holds the line's pieces (valgrind
// shows them lost, allocated by htmlparse). libgvc calls free_html_text
// through its procedure linkage table, so this definition, linked into the
// program, takes its place: the same function with the missing free.
//
// htmltable.h, which defines the structures, is not installed, so the two
// used here are restated as they are in 2.43. Later releases changed them
// (the counts became size_t), so with any other version this forwards to
// the library's own function instead.

#define _GNU_SOURCE
#include "CGraphvizFixes.h"

#include <dlfcn.h>
#include <graphviz/geom.h>
#include <graphviz/graphviz_version.h>
#include <graphviz/textspan.h>
#include <stdlib.h>
#include <string.h>

// One line of an HTML-like label's text, as in Graphviz 2.43's htmltable.h.
typedef struct {
  textspan_t *items;
  short nitems;
  char just;
  double size;
  double lfsize;
} htextspan_t;

// The text of an HTML-like label or cell, as in Graphviz 2.43's htmltable.h;
// only the fields this file reads (it never allocates one).
typedef struct {
  htextspan_t *spans;
  short nspans;
} htmltxt_t;

void free_html_text(htmltxt_t *text);

// Whether the structures above are the library's: the headers, which come
// with the library, are those of 2.43.
static int isGraphviz243(void) { return strcmp(PACKAGE_VERSION, "2.43.0") == 0; }

// Graphviz's own function, for versions whose structures differ.
static void freeWithLibrary(htmltxt_t *text) {
  void (*original)(htmltxt_t *) = (void (*)(htmltxt_t *))dlsym(RTLD_NEXT, "free_html_text");
  if (original) original(text);
}

// `used` and `retain`: nothing in the program calls it, only libgvc, so the
// linker must not drop it.
__attribute__((used, retain)) void free_html_text(htmltxt_t *text) {
  if (!isGraphviz243()) {
    freeWithLibrary(text);
    return;
  }
  if (!text) return;
  for (int line = 0; line < text->nspans; line++) {
    htextspan_t *span = &text->spans[line];
    for (int index = 0; index < span->nitems; index++) {
      textspan_t *item = &span->items[index];
      free(item->str);
      if (item->layout && item->free_layout) item->free_layout(item->layout);
    }
    free(span->items);  // The free that 2.43 forgets.
  }
  free(text->spans);
  free(text);
}

// Reads DOT text into a graph whose objects are numbered in the order they
// are made, so that the same text is always laid out the same way.
//
// cgraph keeps a graph's subgraphs (a statechart's clusters) sorted by their
// IDs, and its default ID discipline makes the ID of a named object the
// address of its interned name. The order of the clusters, which dot lays
// out one after the other, then depends on where malloc put those strings:
// in a process that has rendered other things first (a test run, the class
// view), the same DOT can come out with its clusters in another order and
// its arrows a point or two elsewhere.
//
// cgraph provides for a discipline that cannot map names to IDs: when its
// map declines a name, cgraph asks it for an anonymous ID and keeps the
// name itself (agmapnametoid, aginternalmapinsert), and agnameof finds it
// there. The discipline below does just that, with a counter per graph, so
// IDs follow the order of the DOT text. Nodes and edges, which cgraph keeps
// in the order they were made, are laid out exactly as before.

#include "CGraphvizFixes.h"

#include <graphviz/cgraph.h>
#include <stdlib.h>

// The next anonymous ID of one graph. Anonymous IDs are odd: cgraph's own
// discipline gives even IDs to names (their addresses) and odd ones to the
// rest, and this keeps to that.
typedef struct {
  IDTYPE next;
} Counter;

static void *counterOpen(Agraph_t *graph, Agdisc_t *discipline) {
  (void)graph;
  (void)discipline;
  Counter *counter = malloc(sizeof(Counter));
  if (counter) counter->next = 1;
  return counter;
}

// Declines every name, so that cgraph keeps names itself; numbers the rest.
static long counterMap(void *state, int objectType, char *name, IDTYPE *id, int create) {
  (void)objectType;
  Counter *counter = state;
  if (name || !create || !counter) return 0;
  *id = counter->next;
  counter->next += 2;
  return 1;
}

// No ID is ever asked for by number.
static long counterAlloc(void *state, int objectType, IDTYPE id) {
  (void)state;
  (void)objectType;
  (void)id;
  return 0;
}

// Nothing to free: the IDs are numbers, the names cgraph's.
static void counterFree(void *state, int objectType, IDTYPE id) {
  (void)state;
  (void)objectType;
  (void)id;
}

// No name of its own to print: cgraph finds the name it kept.
static char *counterPrint(void *state, int objectType, IDTYPE id) {
  (void)state;
  (void)objectType;
  (void)id;
  return NULL;
}

static void counterClose(void *state) { free(state); }

static void counterRegister(void *state, int objectType, void *object) {
  (void)state;
  (void)objectType;
  (void)object;
}

static Agiddisc_t inOrder = {
    counterOpen, counterMap, counterAlloc, counterFree, counterPrint, counterClose, counterRegister,
};

// DOT text in memory, read a line at a time, as agmemread reads it.
typedef struct {
  const char *text;
  size_t length;
  size_t position;
} Reader;

static int readLine(void *channel, char *buffer, int size) {
  Reader *reader = channel;
  int count = 0;
  while (count < size && reader->position < reader->length) {
    char character = reader->text[reader->position++];
    buffer[count++] = character;
    if (character == '\n') break;
  }
  return count;
}

static Agiodisc_t memoryInput = {readLine, NULL, NULL};

Agraph_t *workbench_read_in_order(const char *text, size_t length) {
  memoryInput.putstr = AgIoDisc.putstr;
  memoryInput.flush = AgIoDisc.flush;
  Reader reader = {text, length, 0};
  Agdisc_t discipline = {&AgMemDisc, &inOrder, &memoryInput};
  return agread(&reader, &discipline);
}

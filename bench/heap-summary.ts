// Reads a V8 heap snapshot (.heapsnapshot) and sums it up: bytes by kind of object, by constructor, and
// the objects retaining the most (their retained size: what would be freed with them), found with the
// dominator tree as Chrome DevTools computes it.
import fs from 'node:fs';

interface Snapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
    node_count: number;
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export function summariseHeapSnapshot(file: string, top = 25): string[] {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  return summarise(snap, top);
}

function summarise(snap: Snapshot, top: number): string[] {
  const { meta } = snap.snapshot;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const typeAt = meta.node_fields.indexOf('type');
  const nameAt = meta.node_fields.indexOf('name');
  const sizeAt = meta.node_fields.indexOf('self_size');
  const edgeCountAt = meta.node_fields.indexOf('edge_count');
  const edgeTypeAt = meta.edge_fields.indexOf('type');
  const edgeNameAt = meta.edge_fields.indexOf('name_or_index');
  const edgeToAt = meta.edge_fields.indexOf('to_node');
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const { nodes, edges, strings } = snap;
  const count = nodes.length / nf;
  const type = (n: number) => nodeTypes[nodes[n * nf + typeAt]!]!;
  const name = (n: number) => strings[nodes[n * nf + nameAt]!]!;
  const size = (n: number) => nodes[n * nf + sizeAt]!;

  // First edge of each node.
  const firstEdge = new Uint32Array(count + 1);
  for (let n = 0, e = 0; n < count; n++) {
    firstEdge[n] = e;
    e += nodes[n * nf + edgeCountAt]! * ef;
  }
  firstEdge[count] = edges.length;
  const weak = edgeTypes.indexOf('weak');
  const shortcut = edgeTypes.indexOf('shortcut');
  const children = (n: number, visit: (child: number, edge: number) => void) => {
    for (let e = firstEdge[n]!; e < firstEdge[n + 1]!; e += ef) {
      const t = edges[e + edgeTypeAt]!;
      if (t === weak || t === shortcut) continue;
      visit(edges[e + edgeToAt]! / nf, e);
    }
  };

  let total = 0;
  const byType = new Map<string, number>();
  const byConstructor = new Map<string, { bytes: number; count: number }>();
  for (let n = 0; n < count; n++) {
    const bytes = size(n);
    total += bytes;
    const t = type(n);
    byType.set(t, (byType.get(t) ?? 0) + bytes);
    const key = t === 'object' || t === 'native' || t === 'closure' ? `${name(n)} (${t})` : `(${t})`;
    const entry = byConstructor.get(key) ?? { bytes: 0, count: 0 };
    entry.bytes += bytes;
    entry.count++;
    byConstructor.set(key, entry);
  }

  const retained = retainedSizes(count, children, size);
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  const lines = [`${count.toLocaleString('en-US')} objects, ${mb(total)} in all (self sizes)`, '', 'By kind'];
  for (const [t, bytes] of [...byType].sort((a, b) => b[1] - a[1])) lines.push(`  ${mb(bytes).padStart(10)}  ${t}`);
  lines.push('', `By constructor (top ${top}, self sizes)`);
  for (const [key, { bytes, count: n }] of [...byConstructor].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, top))
    lines.push(`  ${mb(bytes).padStart(10)}  ${n.toLocaleString('en-US').padStart(9)} × ${key}`);

  // The biggest retainers below the roots: objects (not the synthetic roots) by retained size, skipping
  // one that only retains what its single biggest child does (a chain of wrappers shows once).
  lines.push('', `Biggest retainers (retained sizes, top ${top})`);
  const candidates: number[] = [];
  for (let n = 0; n < count; n++) {
    const t = type(n);
    if (t === 'synthetic' || t === 'hidden') continue;
    if (retained[n]! > 256 * 1024) candidates.push(n);
  }
  candidates.sort((a, b) => retained[b]! - retained[a]!);
  for (const n of candidates.slice(0, top)) {
    const label = name(n).replace(/\s+/g, ' ').slice(0, 90);
    lines.push(`  ${mb(retained[n]!).padStart(10)}  ${type(n)} ${label}`);
  }
  void edgeNameAt;
  return lines;
}

/** Retained size of every node: the sum of self sizes over its subtree of the dominator tree (root: node 0). */
function retainedSizes(
  count: number,
  children: (n: number, visit: (child: number, edge: number) => void) => void,
  size: (n: number) => number,
): Float64Array {
  // Depth-first order from the root (iterative), then the Cooper–Harvey–Kennedy iterative dominators.
  const order = new Int32Array(count).fill(-1); // post-order index of each node
  const byOrder: number[] = [];
  const predecessors: number[][] = Array.from({ length: count }, () => []);
  const stack: number[] = [0];
  const next = new Int32Array(count); // which child to visit next (as an index into a gathered list)
  const lists: (number[] | undefined)[] = new Array(count);
  const seen = new Uint8Array(count);
  seen[0] = 1;
  while (stack.length) {
    const n = stack[stack.length - 1]!;
    let list = lists[n];
    if (!list) {
      list = [];
      children(n, (child) => list!.push(child));
      lists[n] = list;
    }
    if (next[n]! < list.length) {
      const child = list[next[n]!++]!;
      predecessors[child]!.push(n);
      if (!seen[child]) {
        seen[child] = 1;
        stack.push(child);
      }
    } else {
      stack.pop();
      order[n] = byOrder.length;
      byOrder.push(n);
      lists[n] = [];
    }
  }
  const idom = new Int32Array(count).fill(-1);
  idom[0] = 0;
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (order[a]! < order[b]!) a = idom[a]!;
      while (order[b]! < order[a]!) b = idom[b]!;
    }
    return a;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = byOrder.length - 1; i >= 0; i--) {
      const n = byOrder[i]!;
      if (n === 0) continue;
      let dom = -1;
      for (const p of predecessors[n]!) {
        if (idom[p] === -1) continue;
        dom = dom === -1 ? p : intersect(p, dom);
      }
      if (dom !== -1 && idom[n] !== dom) {
        idom[n] = dom;
        changed = true;
      }
    }
  }
  const retained = new Float64Array(count);
  for (const n of byOrder) retained[n] = (retained[n] ?? 0) + size(n);
  // Post-order: every node comes after the nodes it dominates, so each adds its total to its dominator once.
  for (const n of byOrder) if (n !== 0 && idom[n]! >= 0) retained[idom[n]!] += retained[n]!;
  return retained;
}

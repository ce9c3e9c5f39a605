// Moves in the tree, made in the page before the save: pure functions over the three lists. A place
// is a container (a list, or a folder of a list: "main>c-123") and an index in it.
import { LIST_NAMES, type ListName, type Lists, type NavRef, type PageNode } from './calls.js';

export type Container = ListName | `${ListName}>${string}`;

export const LIST_LABELS: Record<ListName, string> = { main: 'Main navigation', footer: 'Footer', notLinked: 'Not linked' };

export function listOf(container: Container): ListName {
  return container.split('>')[0] as ListName;
}

function folderKeyOf(container: Container): string | null {
  const i = container.indexOf('>');
  return i < 0 ? null : container.slice(i + 1);
}

/** The nodes of a container (a folder's children), or undefined when it does not exist. */
export function nodesIn(lists: Lists, container: Container): PageNode[] | undefined {
  const top = lists[listOf(container)];
  const folder = folderKeyOf(container);
  if (folder === null) return top;
  return top.find((n) => n.key === folder && n.kind === 'folder')?.children;
}

/** Where a container is, in words ("Main navigation", "Main navigation › About"). */
export function containerLabel(lists: Lists, container: Container): string {
  const list = LIST_LABELS[listOf(container)];
  const folder = folderKeyOf(container);
  if (folder === null) return list;
  return `${list} › ${lists[listOf(container)].find((n) => n.key === folder)?.title ?? ''}`;
}

/** Every container, lists first then each list's folders. */
export function containers(lists: Lists): Container[] {
  return LIST_NAMES.flatMap((list): Container[] => [list, ...lists[list].filter((n) => n.kind === 'folder').map((n) => `${list}>${n.key}` as Container)]);
}

/** Why a node cannot go into a container (null when it can). */
export function refusal(lists: Lists, node: PageNode, from: Container, to: Container): string | null {
  if (node.kind === 'folder' && folderKeyOf(to) !== null) return 'A folder cannot be put inside another folder.';
  if (listOf(from) !== listOf(to)) {
    const dest = lists[listOf(to)];
    const already = dest.some((n) => n.key === node.key || n.children?.some((c) => c.key === node.key));
    if (already) return `“${node.title}” is already in ${LIST_LABELS[listOf(to)]}.`;
  }
  return null;
}

const copy = (lists: Lists): Lists => ({
  main: lists.main.map((n) => ({ ...n, children: n.children ? [...n.children] : undefined })),
  footer: lists.footer.map((n) => ({ ...n, children: n.children ? [...n.children] : undefined })),
  notLinked: lists.notLinked.map((n) => ({ ...n, children: n.children ? [...n.children] : undefined })),
});

/** The lists with the node at `from` moved to `to` (at `index`, the end when absent); null when not allowed. */
export function moveNode(lists: Lists, from: Container, key: string, to: Container, index?: number): Lists | null {
  const source = nodesIn(lists, from);
  const at = source?.findIndex((n) => n.key === key) ?? -1;
  if (!source || at < 0) return null;
  const node = source[at]!;
  if (refusal(lists, node, from, to)) return null;
  const next = copy(lists);
  const src = nodesIn(next, from)!;
  src.splice(at, 1);
  const dest = nodesIn(next, to);
  if (!dest) return null;
  const place = index === undefined ? dest.length : Math.max(0, Math.min(index, dest.length));
  dest.splice(place, 0, node);
  return next;
}

/** The lists with one node's hidden flag changed. */
export function setHidden(lists: Lists, container: Container, key: string, hidden: boolean): Lists {
  const next = copy(lists);
  const nodes = nodesIn(next, container)!;
  const i = nodes.findIndex((n) => n.key === key);
  if (i >= 0) nodes[i] = { ...nodes[i]!, hidden };
  return next;
}

/** The tree as the save takes it: keys, hidden flags and folders' children. */
export function toRefs(lists: Lists): Record<ListName, NavRef[]> {
  const refs = (nodes: readonly PageNode[]): NavRef[] =>
    nodes.map((n) => ({ key: n.key, ...(n.hidden ? { hidden: true } : {}), ...(n.kind === 'folder' ? { children: refs(n.children ?? []) } : {}) }));
  return { main: refs(lists.main), footer: refs(lists.footer), notLinked: refs(lists.notLinked) };
}

/** The editor's address of a page's item. */
export function editorUrl(node: PageNode): string | null {
  return node.kind === 'page' && node.itemId ? `/config/pages/${encodeURIComponent(node.itemId)}/edit` : null;
}

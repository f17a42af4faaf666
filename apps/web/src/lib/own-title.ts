let ownTitle: string | null = null;

/**
 * A screen that names itself in the tab (a track, a shared playlist) sets its text here, and null when it
 * goes. The layout then keeps it: on a change of language its own effect runs after the screen's, and
 * used to put the screen's generic name back.
 */
export function setOwnTitle(title: string | null): void {
  ownTitle = title;
  if (title !== null) document.title = title;
}
export const ownDocumentTitle = (): string | null => ownTitle;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text safe inside an HTML attribute value (double or single quoted) and in element content: the server's page
 * previews and mails, and the web app's data document, all write HTML from data with it.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/gu, (c) => ESCAPES[c]!);
}

/** Hands a URL (a signed link, or an object URL of a fetched file) to the browser as a download saved under `fileName`. */
export function saveAs(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/** Saves a file made or fetched in the page (a Blob) under `fileName`; its object URL is freed once the download has it. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  saveAs(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Hands a file to the browser's own download (the Downloads bar, the save dialog) through a Blob
 * URL and a temporary <a download>. Shared by every feature that saves a file.
 */
export function saveFile(file: Blob, filename: string): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() returns; the download keeps its own reference.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

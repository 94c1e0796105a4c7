/** Hands a blob to the browser as a download named `name`. */
export const saveBlob = (name: string, blob: Blob): void => {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has taken the download by then.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
};

/**
 * Saves a server file by following a link with `download`: the browser streams it straight to disk
 * (100 000 orders never pass through this page's memory) and names it from the answer's
 * Content-Disposition (order-{orderId}.csv, orders-export-{date}.csv).
 */
export function download(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

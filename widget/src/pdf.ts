import { jsPDF } from 'jspdf';
import { layoutLetter, letterPdfFilename } from '@dais/api/contract';

/**
 * The letter as a PDF, SPEC.md section 9 (layout in the contract's letter-layout). This module and
 * jsPDF form a chunk the widget imports only when Download is pressed.
 */
export function letterPdf(content: string, campaignTitle: string) {
  const doc = new jsPDF({ unit: 'mm', format: 'letter' });
  const layout = layoutLetter(content, (text, font, size) => {
    doc.setFont(font, 'normal');
    doc.setFontSize(size);
    return doc.getTextWidth(text);
  });
  doc.setFont(layout.font, 'normal');
  doc.setFontSize(layout.fontSize);
  for (const line of layout.positioned) {
    while (doc.getNumberOfPages() <= line.page) doc.addPage('letter');
    doc.setPage(line.page + 1);
    doc.text(line.text, line.x, line.y);
  }
  doc.setProperties({ title: `Support letter: ${campaignTitle}` });
  return { doc, layout, filename: letterPdfFilename(campaignTitle) };
}

/**
 * Saves the PDF through a Blob URL and an anchor placed inside the widget's own shadow root, so
 * nothing is added to the host page's document (jsPDF's save() appends to document.body).
 */
export function downloadLetterPdf(content: string, campaignTitle: string, container: Node) {
  const { doc, filename } = letterPdf(content, campaignTitle);
  const url = URL.createObjectURL(doc.output('blob'));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.hidden = true;
  container.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: some browsers read the URL after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

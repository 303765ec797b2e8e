/** For tests only (jspdf is a devDependency): jsPDF's real text metrics, as the widget measures them. */
import { jsPDF } from 'jspdf';
import type { MeasureText, PdfFont } from '../contract/letter-layout';

export function jsPdfDoc() {
  return new jsPDF({ unit: 'mm', format: 'letter' });
}

export function jsPdfMeasure(doc = jsPdfDoc()): MeasureText {
  return (text: string, font: PdfFont, size: number) => {
    doc.setFont(font, 'normal');
    doc.setFontSize(size);
    return doc.getTextWidth(text);
  };
}

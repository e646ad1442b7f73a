declare module 'svg-to-pdfkit' {
  interface SvgToPdfOptions {
    width?: number;
    height?: number;
    assumePt?: boolean;
    fontCallback?: (family: string, bold: boolean, italic: boolean) => string;
    warningCallback?: (message: string) => void;
  }
  const SVGtoPDF: (doc: PDFKit.PDFDocument, svg: string, x: number, y: number, options?: SvgToPdfOptions) => void;
  export default SVGtoPDF;
}

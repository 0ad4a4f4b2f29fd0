// pdfmake 0.3 ships no types; the worker uses the few calls typed in report/pdf.ts (PdfMakeLike).
declare module 'pdfmake/build/pdfmake' {
  const pdfmake: unknown;
  export default pdfmake;
}

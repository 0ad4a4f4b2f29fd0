// A QR code drawn synchronously as SVG (the qrcode package's encoder, no canvas): it is there on the
// first paint, so a receipt printed at once carries it, and it prints sharp at any size.
import QRCode from 'qrcode';

export function qrPath(text: string): { size: number; d: string } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  let d = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) if (data[y * size + x]) d += `M${x} ${y}h1v1h-1z`;
  }
  return { size, d };
}

export function QrSvg({ text, label, width }: { text: string; label: string; width: number | string }) {
  const { size, d } = qrPath(text);
  const m = 2; // quiet zone (modules)
  return (
    <svg role="img" aria-label={label} viewBox={`${-m} ${-m} ${size + 2 * m} ${size + 2 * m}`} width={width} height={width} shapeRendering="crispEdges" data-qr={text}>
      <rect x={-m} y={-m} width={size + 2 * m} height={size + 2 * m} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

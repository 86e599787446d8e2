import QRCode from 'qrcode';
import { useEffect, useRef } from 'react';
import { QR_CANVAS_MARGIN, QR_CANVAS_SIZE_PX } from '@/lib/constants';

/**
 * Draws `text` as a QR code at its native pixel size (the library sets the canvas's CSS size too), black on white,
 * inside a white frame that widens the quiet zone so phone cameras pick it up from the screen.
 */
export function QrCodeCanvas({ text }: { text: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    if (!canvasRef.current) return;
    QRCode.toCanvas(canvasRef.current, text, { width: QR_CANVAS_SIZE_PX, margin: QR_CANVAS_MARGIN }).catch(
      (error: unknown) => {
        console.error('Could not draw the QR code', error);
      },
    );
  }, [text]);

  return (
    <div className="mx-auto w-fit rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <canvas
        ref={canvasRef}
        role="img"
        aria-label="Consent QR code"
        width={QR_CANVAS_SIZE_PX}
        height={QR_CANVAS_SIZE_PX}
        className="block bg-white"
      />
    </div>
  );
}

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Dialog } from '../../../components/Dialog';

/** The part of the Barcode Detection API used here (not yet in TypeScript's DOM library). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorConstructor = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

function barcodeDetector(): BarcodeDetectorConstructor | null {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector ?? null;
}

/** Where the browser can read barcodes from the camera (Chrome on Android, ChromeOS, macOS). */
export function cameraScanAvailable(): boolean {
  return barcodeDetector() !== null && typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getUserMedia;
}

/** Carriers' labels: the linear and 2-D codes their tracking numbers come in. */
const FORMATS = ['code_128', 'code_39', 'code_93', 'codabar', 'ean_13', 'itf', 'qr_code', 'data_matrix', 'pdf417'];
const SCAN_EVERY_MS = 250;

/** The back camera, read until a code is seen; the code goes into the order's tracking field. */
export function CameraScanDialog({ orderNumber, onScanned, onClose }: { orderNumber: string; onScanned(code: string): void; onClose(): void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState('');
  const found = useEffectEvent((code: string) => onScanned(code));

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const detector = new Detector({ formats: FORMATS });
    const scan = async () => {
      if (stopped || !video.current) return;
      try {
        const [code] = await detector.detect(video.current);
        if (code?.rawValue && !stopped) return found(code.rawValue.trim());
      } catch {
        // A frame not ready yet: try the next one.
      }
      timer = setTimeout(() => void scan(), SCAN_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' } })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return;
        video.current.srcObject = media;
        await video.current.play();
        void scan();
      })
      .catch(() => setError('The camera is not available. Type or scan the tracking number instead.'));
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  return (
    <Dialog open title={`Scan tracking number for ${orderNumber}`} onClose={onClose}>
      {error ? <p className="admin-error" role="alert">{error}</p> : <p className="admin-muted">Point the camera at the carrier label’s barcode.</p>}
      <video ref={video} className="camera-scan__video" muted playsInline />
    </Dialog>
  );
}

// Photo picker with a square crop frame. It writes the chosen square (as fractions of the picture)
// into hidden fields of the surrounding form; without JavaScript the server crops a centred square.
// The frame and its shade live in a box exactly the size of the picture (so the shade covers only the
// picture, and percentages of that box keep the frame square); drag or touch moves it, the arrow keys
// move it, + and - (or the slider) resize it around its centre.
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';

export interface PhotoCropperProps {
  /** Name of the file field in the surrounding multipart form. */
  name: string;
  label: string;
  hint?: string;
  error?: string;
}

interface Crop {
  x: number;
  y: number;
  size: number;
} // fractions of width/height; size is of the shorter side

const CENTRED: Crop = { x: -1, y: -1, size: 1 };
const MIN_SIZE = 0.3;
const SIZE_STEP = 0.05;

export default function PhotoCropper({ name, label, hint, error }: PhotoCropperProps) {
  const [preview, setPreview] = useState<{ url: string; width: number; height: number } | null>(null);
  const [crop, setCrop] = useState<Crop>(CENTRED);
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; startY: number; crop: Crop } | null>(null);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  function choose(file: File | undefined) {
    if (!file?.type.startsWith('image/')) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      setPreview({ url, width: image.naturalWidth, height: image.naturalHeight });
      setCrop(centred(image.naturalWidth, image.naturalHeight, 1));
    };
    image.src = url;
  }

  const side = preview ? Math.min(preview.width, preview.height) * crop.size : 0;
  const box = preview && {
    left: `${crop.x * 100}%`,
    top: `${crop.y * 100}%`,
    width: `${(side / preview.width) * 100}%`,
    height: `${(side / preview.height) * 100}%`,
  };

  function move(dx: number, dy: number, from: Crop = crop) {
    if (!preview) return;
    const maxX = 1 - side / preview.width;
    const maxY = 1 - side / preview.height;
    setCrop({ ...from, x: clamp(from.x + dx, 0, maxX), y: clamp(from.y + dy, 0, maxY) });
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    drag.current = { startX: event.clientX, startY: event.clientY, crop };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const area = frame.current?.getBoundingClientRect();
    if (!drag.current || !area) return;
    move(
      (event.clientX - drag.current.startX) / area.width,
      (event.clientY - drag.current.startY) / area.height,
      drag.current.crop,
    );
  }
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = 0.02;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const delta = moves[event.key];
    if (delta) {
      event.preventDefault();
      move(delta[0], delta[1]);
      return;
    }
    const resize = { '+': SIZE_STEP, '=': SIZE_STEP, '-': -SIZE_STEP, _: -SIZE_STEP }[event.key];
    if (resize) {
      event.preventDefault();
      zoom(crop.size + resize);
    }
  }
  /** A new size, around the frame's centre, kept inside the picture. */
  function zoom(size: number) {
    if (!preview) return;
    const next = clamp(size, MIN_SIZE, 1);
    const shorter = Math.min(preview.width, preview.height);
    const centreX = crop.x * preview.width + side / 2;
    const centreY = crop.y * preview.height + side / 2;
    const nextSide = shorter * next;
    setCrop({
      size: next,
      x: clamp((centreX - nextSide / 2) / preview.width, 0, 1 - nextSide / preview.width),
      y: clamp((centreY - nextSide / 2) / preview.height, 0, 1 - nextSide / preview.height),
    });
  }

  const inputId = `${name}-file`;
  return (
    <div className="photo-cropper">
      <label htmlFor={inputId}>{label}</label>
      {hint && (
        <p className="hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={inputId}
        type="file"
        name={name}
        accept="image/*"
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        aria-invalid={error ? true : undefined}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <input type="hidden" name="crop_x" value={preview ? crop.x.toFixed(4) : ''} />
      <input type="hidden" name="crop_y" value={preview ? crop.y.toFixed(4) : ''} />
      <input type="hidden" name="crop_size" value={preview ? crop.size.toFixed(4) : ''} />
      {preview && box ? (
        <div className="photo-cropper__stage">
          <div className="photo-cropper__picture" ref={frame}>
            <img src={preview.url} alt="Preview of the chosen photo" />
            <div
              className="photo-cropper__frame"
              role="slider"
              tabIndex={0}
              aria-valuemin={Math.round(MIN_SIZE * 100)}
              aria-valuemax={100}
              aria-valuenow={Math.round(crop.size * 100)}
              aria-label="Crop area: drag or use the arrow keys to move it, + and - to resize it"
              aria-valuetext={`left ${Math.round(crop.x * 100)}%, top ${Math.round(crop.y * 100)}%, size ${Math.round(crop.size * 100)}%`}
              ref={(el) => {
                if (el) Object.assign(el.style, box);
              }}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={() => {
                drag.current = null;
              }}
              onPointerCancel={() => {
                drag.current = null;
              }}
              onKeyDown={onKeyDown}
            />
          </div>
          <label className="photo-cropper__zoom">
            Crop size
            <input
              type="range"
              min={MIN_SIZE}
              max="1"
              step={SIZE_STEP}
              value={crop.size}
              onChange={(event) => zoom(Number(event.target.value))}
            />
          </label>
        </div>
      ) : (
        <p className="hint" data-testid="crop-fallback">
          After you choose a photo you can move the square crop; otherwise it is cropped to a centred square.
        </p>
      )}
    </div>
  );
}

function centred(width: number, height: number, size: number): Crop {
  const side = Math.min(width, height) * size;
  return { size, x: (width - side) / 2 / width, y: (height - side) / 2 / height };
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max));
}

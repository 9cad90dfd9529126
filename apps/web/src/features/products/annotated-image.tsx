import { type PointerEvent, useState } from 'react';
import { type Rect, type ReviewLine, regionOfDrag } from './image-review';
import classes from './images.module.css';

type Size = { width: number; height: number };

/**
 * An image with its OCR lines drawn over it (protected lines in another colour), numbered. With
 * `onDraw`, dragging over the image draws a protected region (a logo, text on the product).
 */
export function Annotated({
  url,
  lines,
  marked,
  regions = [],
  onDraw,
  label,
  testId,
}: {
  url: string;
  lines: readonly ReviewLine[];
  marked?: ReadonlySet<number>;
  /** Regions without a line in them, shown as dashed rectangles. */
  regions?: readonly Rect[];
  onDraw?: (r: Rect) => void;
  label: string;
  testId: string;
}) {
  const [natural, setNatural] = useState<Size | null>(null);
  const [drag, setDrag] = useState<{ from: [number, number]; to: [number, number] } | null>(null);
  const at = (e: PointerEvent<SVGSVGElement>): [number, number] => {
    const box = e.currentTarget.getBoundingClientRect();
    const size = natural ?? { width: 1, height: 1 };
    return [
      ((e.clientX - box.left) / Math.max(1, box.width)) * size.width,
      ((e.clientY - box.top) / Math.max(1, box.height)) * size.height,
    ];
  };
  const preview = drag && natural ? regionOfDrag(drag.from, drag.to, natural) : undefined;
  return (
    <div className={classes.reviewStage}>
      <img
        src={url}
        alt={label}
        className={classes.reviewImg}
        data-testid={testId}
        onLoad={(e) =>
          setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })
        }
      />
      {natural && (lines.length || regions.length || onDraw) ? (
        <svg
          className={onDraw ? `${classes.boxes} ${classes.drawable}` : classes.boxes}
          viewBox={`0 0 ${natural.width} ${natural.height}`}
          preserveAspectRatio="none"
          aria-hidden
          data-testid={`${testId}-boxes`}
          onPointerDown={
            onDraw
              ? (e) => {
                  if (e.button !== 0) return;
                  e.currentTarget.setPointerCapture(e.pointerId);
                  const p = at(e);
                  setDrag({ from: p, to: p });
                }
              : undefined
          }
          onPointerMove={onDraw && drag ? (e) => setDrag({ from: drag.from, to: at(e) }) : undefined}
          onPointerUp={
            onDraw && drag
              ? (e) => {
                  const r = regionOfDrag(drag.from, at(e), natural);
                  setDrag(null);
                  if (r) onDraw(r);
                }
              : undefined
          }
          onPointerCancel={() => setDrag(null)}
        >
          {lines.map((l, i) => (
            <polygon
              // biome-ignore lint/suspicious/noArrayIndexKey: lines are positional
              key={i}
              points={l.box.map((p) => p.join(',')).join(' ')}
              className={marked?.has(i) ? classes.protectedBox : classes.box}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {[...regions, ...(preview ? [preview] : [])].map(([x0, y0, x1, y1], i) => (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: regions are positional
              key={`r${i}`}
              x={x0}
              y={y0}
              width={x1 - x0}
              height={y1 - y0}
              className={classes.protectedBox}
              vectorEffect="non-scaling-stroke"
              data-testid="protected-region"
            />
          ))}
        </svg>
      ) : null}
    </div>
  );
}

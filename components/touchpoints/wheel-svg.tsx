import type { WheelSlice } from "@/lib/touchpoints/wheel";

const FILLS = ["#4f46e5", "#f59e0b", "#10b981", "#e11d48", "#0ea5e9", "#a855f7", "#84cc16", "#f97316"];
const R = 100;

/** A point at `deg` degrees clockwise from 12 o'clock, `r` from the centre. */
function point(deg: number, r: number): [number, number] {
  const rad = (deg * Math.PI) / 180;
  return [r * Math.sin(rad), -r * Math.cos(rad)];
}

export function sliceAngle(count: number): number {
  return 360 / Math.max(1, count);
}

export function prizeLabel(slice: WheelSlice): string {
  return slice.discount_percent !== null ? `${slice.discount_percent}% off` : slice.discount_name || "Prize";
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The wheel: slice i spans [i·a, (i+1)·a] degrees clockwise from the top, labelled with its
 * discount and item along the radius. The page rotates it to bring a slice under the pointer.
 */
export function WheelSvg({ slices }: { slices: WheelSlice[] }) {
  const a = sliceAngle(slices.length);
  const fontSize = slices.length > 10 ? 5.5 : slices.length > 6 ? 7 : 8.5;
  const nameLength = slices.length > 10 ? 14 : 18;
  return (
    <svg viewBox="-105 -105 210 210" className="block h-full w-full" role="img" aria-label="Wheel of fortune">
      <circle r="104" fill="#1e1b4b" />
      {slices.map((slice, i) => {
        const start = i * a;
        const end = start + a;
        const [x1, y1] = point(start, R);
        const [x2, y2] = point(end, R);
        const large = a > 180 ? 1 : 0;
        const mid = start + a / 2;
        const flip = mid > 180;
        const fill = FILLS[i % FILLS.length]!;
        const path =
          slices.length === 1
            ? `M 0 ${-R} A ${R} ${R} 0 1 1 0 ${R} A ${R} ${R} 0 1 1 0 ${-R} Z`
            : `M 0 0 L ${x1} ${y1} A ${R} ${R} 0 ${large} 1 ${x2} ${y2} Z`;
        return (
          <g key={slice.position} data-testid={`wheel-slice-${slice.position}`}>
            <path d={path} fill={fill} stroke="#ffffff" strokeWidth="1" />
            {/* Labels run along the radius; on the left half they are turned over so they never read upside down. */}
            <g transform={`rotate(${flip ? mid + 90 : mid - 90})`}>
              <text
                x={flip ? -(R - 8) : R - 8}
                y={-fontSize * 0.25}
                textAnchor={flip ? "start" : "end"}
                fill="#ffffff"
                fontSize={fontSize * 1.15}
                fontWeight="700"
              >
                {prizeLabel(slice)}
              </text>
              <text
                x={flip ? -(R - 8) : R - 8}
                y={fontSize * 1.05}
                textAnchor={flip ? "start" : "end"}
                fill="#ffffff"
                fontSize={fontSize}
                opacity="0.95"
              >
                {truncate(slice.item_name, nameLength)}
              </text>
            </g>
          </g>
        );
      })}
      <circle r="14" fill="#ffffff" stroke="#1e1b4b" strokeWidth="3" />
    </svg>
  );
}

import { UsageMessages, type Usage } from '../../../contract/usage.js';
import { axisName, isNamedOnAxis, scaleTop, type UsageTotals } from './usage-figures.js';
import styles from './usage.module.css';

const text = UsageMessages;
/** The drawing's own units: each bucket 10 wide, the scale 100 high, stretched to the box. */
const SLOT = 10;
const BAR = 7;
const HEIGHT = 100;
/** A count above zero stays visible however busy the busiest bucket. */
const MIN_BAR = 1.5;

function barHeight(count: number, top: number): number {
  return count === 0 ? 0 : Math.max(MIN_BAR, (count / top) * HEIGHT);
}

/**
 * Allowed and refused calls per bucket as stacked bars, drawn in inline SVG (no chart library:
 * the screens' script budgets, docs/product.md section 13). The picture is named by its
 * totals; the numbers themselves are in UsageTable for those who cannot see it.
 */
export function UsageChart({ usage, totals }: { usage: Usage; totals: UsageTotals }) {
  const { buckets, window } = usage;
  const top = scaleTop(Math.max(...buckets.map((b) => b.allowed + b.refused)));
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.caption}>{text.chartTitle[window]}</figcaption>
      <div className={styles.plot}>
        <div className={styles.scale} aria-hidden="true">
          <span>{top}</span>
          <span>{top / 2}</span>
          <span>0</span>
        </div>
        <svg
          className={styles.chart}
          viewBox={`0 0 ${String(buckets.length * SLOT)} ${String(HEIGHT)}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`${text.chartTitle[window]}: ${text.chartSummary(totals.allowed, totals.refused)}`}
        >
          {[0, HEIGHT / 2, HEIGHT].map((y) => (
            <line
              key={y}
              className={styles.gridLine}
              x1={0}
              x2={buckets.length * SLOT}
              y1={y}
              y2={y}
              vectorEffect="non-scaling-stroke"
            />
          ))}
          {buckets.map((bucket, index) => {
            const allowed = barHeight(bucket.allowed, top);
            const refused = barHeight(bucket.refused, top);
            const x = index * SLOT + (SLOT - BAR) / 2;
            return (
              <g key={bucket.start}>
                <rect
                  className={styles.allowed}
                  x={x}
                  y={HEIGHT - allowed}
                  width={BAR}
                  height={allowed}
                />
                <rect
                  className={styles.refused}
                  x={x}
                  y={HEIGHT - allowed - refused}
                  width={BAR}
                  height={refused}
                />
              </g>
            );
          })}
        </svg>
        <div className={`${styles.axis} ${styles[`axis${window}`] ?? ''}`} aria-hidden="true">
          {buckets.map((bucket, index) => (
            <span key={bucket.start}>
              {isNamedOnAxis(index, window) ? axisName(bucket.start, window) : ''}
            </span>
          ))}
        </div>
      </div>
      <dl className={styles.legend}>
        <div>
          <dt>
            <span className={`${styles.swatch} ${styles.allowed}`} aria-hidden="true" />
            {text.allowed}
          </dt>
          <dd>{totals.allowed}</dd>
        </div>
        <div>
          <dt>
            <span className={`${styles.swatch} ${styles.refused}`} aria-hidden="true" />
            {text.refused}
          </dt>
          <dd>{totals.refused}</dd>
        </div>
      </dl>
    </figure>
  );
}

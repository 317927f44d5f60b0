import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Messages } from '../../../contract/messages.js';
import {
  UsageMessages,
  UsageWindows,
  type Usage,
  type UsageWindow,
} from '../../../contract/usage.js';
import { errorMessage } from '../../api/api-error.js';
import { Button } from '../Button.js';
import { RefusedAddresses } from './RefusedAddresses.js';
import { RefusedReasons } from './RefusedReasons.js';
import { UsageChart } from './UsageChart.js';
import { UsageTable } from './UsageTable.js';
import { usageTotals } from './usage-figures.js';
import section from '../section.module.css';
import styles from './usage.module.css';

const text = UsageMessages;
const WINDOWS = Object.keys(UsageWindows) as UsageWindow[];

interface UsageSectionProps {
  /** The query's key, the window added: the developer's and the console's differ. */
  readonly queryKey: readonly string[];
  /** The developer's call or the console's. */
  readonly load: (window: UsageWindow) => Promise<Usage>;
}

/**
 * An application's gateway usage (docs/product.md section 2.8, docs/gateway.md "Usage"): calls
 * allowed and refused per hour over 24 hours or per day over 7 days, the refusals by reason and
 * the last refused addresses. The update screen and the console's application page both show it.
 */
export function UsageSection({ queryKey, load }: UsageSectionProps) {
  const titleId = useId();
  const [window, setWindow] = useState<UsageWindow>('24h');
  const answer = useQuery({
    queryKey: [...queryKey, window],
    queryFn: () => load(window),
    // The other window's chart stays while the new one loads: the section keeps its height.
    placeholderData: keepPreviousData,
  });
  return (
    <section className={section.section} aria-labelledby={titleId} aria-busy={answer.isFetching}>
      <h2 id={titleId}>{text.title}</h2>
      <p className={section.lead}>{text.lead}</p>
      <div className={styles.windows} role="group" aria-label={text.windowLabel}>
        {WINDOWS.map((each) => (
          <button
            key={each}
            type="button"
            className={styles.window}
            aria-pressed={each === window}
            onClick={() => setWindow(each)}
          >
            {text.windows[each]}
          </button>
        ))}
      </div>
      {answer.data !== undefined ? (
        <UsageShown usage={answer.data} />
      ) : answer.isError ? (
        <div role="alert" className={styles.failed}>
          <p>{errorMessage(answer.error)}</p>
          <Button variant="secondary" onClick={() => void answer.refetch()}>
            {Messages.screens.retry}
          </Button>
        </div>
      ) : (
        <p className={`${section.lead} ${styles.loading}`}>{text.loading}</p>
      )}
    </section>
  );
}

/** The chart, its table and the refusals; or, with no call in the window, a sentence. */
function UsageShown({ usage }: { usage: Usage }) {
  const totals = usageTotals(usage.buckets);
  return (
    <>
      {totals.allowed + totals.refused === 0 ? (
        <p className={styles.empty}>{text.noCalls[usage.window]}</p>
      ) : (
        <>
          <UsageChart usage={usage} totals={totals} />
          <UsageTable usage={usage} />
          <RefusedReasons reasons={totals.reasons} />
        </>
      )}
      <RefusedAddresses addresses={usage.refusedAddresses} />
    </>
  );
}

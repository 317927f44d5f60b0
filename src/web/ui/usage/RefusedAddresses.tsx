import { UsageMessages, type RefusedAddress } from '../../../contract/usage.js';
import { formatTime } from '../format-time.js';
import section from '../section.module.css';
import hidden from '../visually-hidden.module.css';
import styles from './usage.module.css';

const text = UsageMessages;

/** The last refused source addresses, most recent first, each with what the gateway answered. */
export function RefusedAddresses({ addresses }: { addresses: readonly RefusedAddress[] }) {
  return (
    <>
      <h3>{text.refusedAddresses}</h3>
      {addresses.length === 0 ? (
        <p className={section.lead}>{text.noRefusedAddresses}</p>
      ) : (
        <table className={styles.table}>
          <caption className={hidden.visuallyHidden}>{text.refusedAddresses}</caption>
          <thead>
            <tr>
              <th scope="col">{text.address}</th>
              <th scope="col">{text.reason}</th>
              <th scope="col">{text.lastRefused}</th>
            </tr>
          </thead>
          <tbody>
            {addresses.map((address) => (
              <tr key={address.ip}>
                <th scope="row">
                  <code>{address.ip}</code>
                </th>
                <td>{address.message}</td>
                <td>
                  <time dateTime={address.at}>{formatTime(address.at)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

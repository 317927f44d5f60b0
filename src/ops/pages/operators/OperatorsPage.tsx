import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EnrollmentLinkResponse, OperatorListResponse } from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { Button } from '../../../web/ui/Button.js';
import { formatTime } from '../../../web/ui/format-time.js';
import { operatorKeys, operatorsApi } from '../../api/operators-api.js';
import { LoadFailed } from '../../ui/LoadFailed.js';
import uiStyles from '../../ui/ops-ui.module.css';
import { StatusRegion } from '../../ui/StatusRegion.js';
import { TableBox } from '../../ui/TableBox.js';
import { AddOperator } from './AddOperator.js';
import { ConfirmOperatorAction } from './ConfirmOperatorAction.js';
import { EnrollmentLink } from './EnrollmentLink.js';
import { usePageTitle } from '../../ui/use-page-title.js';

const text = OpsMessages.operators;

type Operator = OperatorListResponse['operators'][number];
type Pending = { readonly action: 'disable' | 'reset'; readonly operator: Operator };

/**
 * /ops/operators (admin): every operator with role and state; add one, disable one,
 * or reset one. An added or reset operator's enrollment link is shown once.
 */
export default function OperatorsPage() {
  usePageTitle(text.title);
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: operatorKeys.all, queryFn: operatorsApi.list });
  const [shownLink, setShownLink] = useState<{
    email: string;
    link: EnrollmentLinkResponse;
  } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [result, setResult] = useState('');
  const reload = () => void queryClient.invalidateQueries({ queryKey: operatorKeys.all });

  const act = async ({ action, operator }: Pending) => {
    if (action === 'disable') {
      setResult((await operatorsApi.disable(operator.id)).message);
      setShownLink(null);
    } else {
      setShownLink({ email: operator.email, link: await operatorsApi.reset(operator.id) });
      setResult('');
    }
    setPending(null);
    reload();
  };

  return (
    <div className={uiStyles.page}>
      <h1>{text.title}</h1>
      <StatusRegion message={result} />
      <section className={uiStyles.section} aria-labelledby="add-operator">
        <h2 id="add-operator">{text.add}</h2>
        <AddOperator
          onAdded={(email, link) => {
            setShownLink({ email, link });
            setResult('');
            reload();
          }}
        />
      </section>
      {shownLink !== null && (
        <EnrollmentLink
          key={shownLink.link.enrollmentUrl}
          email={shownLink.email}
          link={shownLink.link}
          onClose={() => setShownLink(null)}
        />
      )}
      {list.isError && (
        <LoadFailed title={text.loadFailed} error={list.error} retry={() => void list.refetch()} />
      )}
      {list.data !== undefined && (
        <TableBox label={text.title}>
          <table className={uiStyles.table}>
            <thead>
              <tr>
                <th scope="col">{text.email}</th>
                <th scope="col">{text.role}</th>
                <th scope="col">{text.state}</th>
                <th scope="col">{text.created}</th>
                <th scope="col">{text.actions}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.operators.map((operator) => (
                <tr key={operator.id}>
                  <td>{operator.email}</td>
                  <td>{OpsMessages.roles[operator.role]}</td>
                  <td>{text.states[operator.state]}</td>
                  <td>{formatTime(operator.createdAt)}</td>
                  <td className={uiStyles.actions}>
                    {operator.state !== 'disabled' && (
                      <Button
                        variant="secondary"
                        aria-label={text.disableFor(operator.email)}
                        onClick={() => setPending({ action: 'disable', operator })}
                      >
                        {text.disable}
                      </Button>
                    )}
                    <Button
                      variant="secondary"
                      aria-label={text.resetFor(operator.email)}
                      onClick={() => setPending({ action: 'reset', operator })}
                    >
                      {text.reset}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
      {pending !== null && (
        <ConfirmOperatorAction
          key={`${pending.action}-${pending.operator.id}`}
          title={
            pending.action === 'disable'
              ? text.disableTitle(pending.operator.email)
              : text.resetTitle(pending.operator.email)
          }
          hint={pending.action === 'disable' ? text.disableHint : text.resetHint}
          confirmLabel={pending.action === 'disable' ? text.disable : text.reset}
          act={() => act(pending)}
          onClose={() => setPending(null)}
        />
      )}
    </div>
  );
}

import { createContext, use, type ReactNode } from 'react';
import type { Operator } from '../../contract/ops.js';

const OperatorContext = createContext<Operator | null>(null);

/** Gives the pages inside the console's shell the signed-in operator. */
export function OperatorProvider({
  operator,
  children,
}: {
  readonly operator: Operator;
  readonly children: ReactNode;
}) {
  return <OperatorContext value={operator}>{children}</OperatorContext>;
}

/** The signed-in operator: every page under the console's shell has one. */
export function useOperator(): Operator {
  const operator = use(OperatorContext);
  if (operator === null) throw new Error('useOperator is used outside the console shell');
  return operator;
}

import type { ComponentProps } from 'react';
import { OpsLimits } from '../../contract/ops.js';
import { TextField } from '../../web/ui/TextField.js';

/** The authenticator code of sign-in and enrollment: digits only, one-time-code autofill. */
export function TotpCodeField(props: Omit<ComponentProps<typeof TextField>, 'maxLength'>) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={OpsLimits.totpDigits}
      {...props}
    />
  );
}

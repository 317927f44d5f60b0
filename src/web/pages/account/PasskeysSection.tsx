import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PasskeyMessages as text } from '../../../contract/messages-passkeys.js';
import { TwoFactorMessages } from '../../../contract/messages-two-factor.js';
import type { Passkey } from '../../../contract/passkeys.js';
import { ApiError, errorMessage } from '../../api/http.js';
import { passkeysApi, passkeysQuery } from '../../api/passkeys-api.js';
import { Button } from '../../ui/Button.js';
import { formatDay } from '../../ui/format-time.js';
import formStyles from '../../ui/forms.module.css';
import { notify } from '../../ui/notify.js';
import { PasswordField } from '../../ui/PasswordField.js';
import { TextField } from '../../ui/TextField.js';
import { RecoveryCodes } from './RecoveryCodes.js';
import styles from './two-factor-section.module.css';

const day = (at: number) => formatDay(new Date(at).toISOString());

/** Removing one passkey: the password and a code, or a passkey when no code is typed. */
function RemovePasskey(props: { passkey: Passkey; onDone: () => Promise<void> }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'password' | 'code', string>>>({});
  const [isBusy, setIsBusy] = useState(false);
  const remove = async () => {
    setIsBusy(true);
    try {
      const answer = await passkeysApi.remove(props.passkey.credentialId, password, code.trim());
      notify.success(answer.message);
      await props.onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'password_wrong') {
        setErrors({ password: failure.message });
      } else if (failure instanceof ApiError && failure.code === 'code_invalid') {
        setErrors({ code: failure.message });
      } else {
        notify.error(errorMessage(failure));
      }
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <form
      className={formStyles.form}
      aria-label={text.remove(props.passkey.name)}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void remove();
      }}
    >
      <p className={styles.note}>{text.removeLead}</p>
      <PasswordField
        label={TwoFactorMessages.passwordLabel}
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors({});
        }}
      />
      <TextField
        label={TwoFactorMessages.codeOrRecoveryLabel}
        autoComplete="one-time-code"
        value={code}
        error={errors.code}
        onChange={(event) => {
          setCode(event.target.value);
          setErrors({});
        }}
      />
      <div className={styles.buttons}>
        <Button variant="danger" type="submit" disabled={isBusy} isLoading={isBusy}>
          {text.removeConfirm}
        </Button>
      </div>
    </form>
  );
}

/**
 * The account's passkeys (docs/decisions/067-developer-passkeys.md): added with a name, listed
 * with when they were added and last used, removed with the password and a second factor.
 * Loaded after the first paint with the WebAuthn library (the /account bundle's budget); the
 * factors' status is refreshed by the section that holds it, so this chunk shares no module
 * with the screens' chunk that would split into a file of its own.
 */
export function PasskeysSection({
  onFactorsChanged,
}: {
  readonly onFactorsChanged: () => Promise<void>;
}) {
  const queryClient = useQueryClient();
  const list = useQuery(passkeysQuery);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [isAdding, setIsAdding] = useState(false);
  const [codes, setCodes] = useState<readonly string[] | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: passkeysQuery.queryKey });
    await onFactorsChanged();
  };

  const add = async () => {
    if (name.trim() === '') {
      setNameError(text.nameRequired);
      return;
    }
    setIsAdding(true);
    try {
      const answer = await passkeysApi.add(name.trim());
      notify.success(answer.message);
      setName('');
      setCodes(answer.recoveryCodes);
      await refresh();
    } catch (failure) {
      notify.error(errorMessage(failure));
    } finally {
      setIsAdding(false);
    }
  };

  if (codes !== null) return <RecoveryCodes codes={codes} onSaved={() => setCodes(null)} />;
  const passkeys = list.data?.passkeys ?? [];
  return (
    <div aria-labelledby="passkeys-title">
      <h3 id="passkeys-title">{text.title}</h3>
      <p className={styles.note}>{text.lead}</p>
      {list.isError && <p role="alert">{errorMessage(list.error)}</p>}
      {list.data !== undefined && passkeys.length === 0 && <p>{text.none}</p>}
      <ul className={styles.passkeys}>
        {passkeys.map((passkey) => (
          <li key={passkey.credentialId}>
            <strong>{passkey.name}</strong>{' '}
            <span className={styles.note}>
              {text.addedOn(day(passkey.createdAt))},{' '}
              {passkey.lastUsedAt === null
                ? text.neverUsed
                : text.lastUsed(day(passkey.lastUsedAt))}
            </span>{' '}
            <Button
              variant="secondary"
              onClick={() =>
                setRemoving(removing === passkey.credentialId ? null : passkey.credentialId)
              }
            >
              {text.remove(passkey.name)}
            </Button>
            {removing === passkey.credentialId && (
              <RemovePasskey
                passkey={passkey}
                onDone={async () => {
                  setRemoving(null);
                  await refresh();
                }}
              />
            )}
          </li>
        ))}
      </ul>
      <form
        className={formStyles.form}
        aria-label={text.add}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <TextField
          label={text.nameLabel}
          placeholder={text.namePlaceholder}
          maxLength={60}
          value={name}
          error={nameError}
          onChange={(event) => {
            setName(event.target.value);
            setNameError(undefined);
          }}
        />
        <div className={styles.buttons}>
          <Button type="submit" disabled={isAdding} isLoading={isAdding}>
            {text.add}
          </Button>
        </div>
      </form>
    </div>
  );
}

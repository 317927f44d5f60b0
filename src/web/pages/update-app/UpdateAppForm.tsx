import { zodResolver } from '@hookform/resolvers/zod';
import * as Switch from '@radix-ui/react-switch';
import { TriangleAlert } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { Application } from '../../../contract/apps.js';
import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { canonicalIp } from '../../../contract/rules.js';
import { appsApi } from '../../api/apps-api.js';
import { ApiError, errorMessage } from '../../api/http.js';
import { formIps } from '../../app-area/app-form.js';
import { useBrand } from '../../brand.js';
import { Button } from '../../ui/Button.js';
import { DuplicateSkip } from '../../ui/DuplicateSkip.js';
import formStyles from '../../ui/forms.module.css';
import { formatTime } from '../../ui/format-time.js';
import { InfoTooltip } from '../../ui/InfoTooltip.js';
import { IpRows } from '../../ui/IpRows.js';
import { notify } from '../../ui/notify.js';
import { TextField } from '../../ui/TextField.js';
import { LogoField } from './LogoField.js';
import { ProofStatus } from './ProofStatus.js';
import {
  documentsToSend,
  formOfApp,
  proofStateOf,
  updateAppFormSchema,
  updateAppPayload,
  type UpdateAppForm as Form,
} from './update-app-form.js';
import styles from './update-app-page.module.css';

/** The 15-day lock: set by the server's message, with the time it names when it does. */
interface IpLock {
  readonly nextChangeAt: string | null;
}

/** docs/product.md section 2, the update form; a successful save goes to My Apps by a full load. */
export function UpdateAppForm({ app }: { app: Application }) {
  const brand = useBrand();
  const schema = useMemo(() => updateAppFormSchema(brand), [brand]);
  const storedForm = useMemo(() => formOfApp(app), [app]);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm<Form>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: storedForm,
  });
  const ipRows = useFieldArray({ control, name: 'ips' });
  const ipValues = useWatch({ control, name: 'ips' });
  const statusId = useId();
  const [logoUrl, setLogoUrl] = useState(app.logoUrl);
  const [isLogoBusy, setIsLogoBusy] = useState(false);
  const [duplicates, setDuplicates] = useState<string[]>([]);
  const [canSkip, setCanSkip] = useState(false);
  const [skipDuplicates, setSkipDuplicates] = useState(false);
  const [documents, setDocuments] = useState<ReadonlyMap<string, File>>(new Map());
  const [lock, setLock] = useState<IpLock | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const isAlgoLocked = app.algoId === brand.productName;
  const proofDuplicates = skipDuplicates ? duplicates : [];

  const chooseDocument = (ip: string, file: File | null) =>
    setDocuments((current) => {
      const next = new Map(current);
      if (file === null) next.delete(ip);
      else next.set(ip, file);
      return next;
    });

  const missingDocument = skipDuplicates
    ? formIps({ ips: ipValues }).find((ip) => duplicates.includes(ip) && !documents.has(ip))
    : undefined;

  const onFailure = (error: unknown) => {
    notify.error(errorMessage(error));
    if (!(error instanceof ApiError)) return;
    const list = error.body.duplicateIPs;
    if (Array.isArray(list)) {
      setDuplicates(list.filter((ip): ip is string => typeof ip === 'string'));
    }
    if (error.code === 'ip_used_by_another_developer') setCanSkip(true);
    const next = error.body.nextIpChangeAt;
    if (error.code === 'ip_change_cooldown') {
      // IP editing locks; the rows go back to the stored list so the rest can be saved.
      setLock({ nextChangeAt: typeof next === 'string' ? next : null });
      ipRows.replace(storedForm.ips);
    }
  };

  const save = handleSubmit(async (form) => {
    if (missingDocument !== undefined) {
      notify.error(Messages.ips.supportingDocumentRequired(missingDocument));
      return;
    }
    setProgress(0);
    try {
      const payload = updateAppPayload(form, {
        logoUrl,
        skipDuplicates,
        documents: documentsToSend(form, documents),
      });
      await appsApi.update(app.applicationId, payload, setProgress);
      // docs/product.md section 7: any successful update redirects and fully reloads.
      window.location.assign(ClientPaths.myApps);
    } catch (error) {
      setProgress(null);
      onFailure(error);
    }
  });

  const isBusy = progress !== null || isLogoBusy;
  return (
    <form
      className={`${formStyles.form} ${styles.form}`}
      onSubmit={(event) => void save(event)}
      noValidate
    >
      <TextField label="App name*" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Algo ID"
        readOnly={isAlgoLocked}
        hint={isAlgoLocked ? Messages.app.algoIdLockedHint(brand.productName) : undefined}
        error={errors.algo_id?.message}
        {...register('algo_id')}
      />
      <LogoField app={app} logoUrl={logoUrl} onLogoUrl={setLogoUrl} onBusy={setIsLogoBusy} />
      <TextField
        label="Redirect URL*"
        labelAddon={
          <InfoTooltip
            label="About the redirect URL"
            text={Messages.app.redirectUrlTooltip(brand.localTestHost)}
          />
        }
        type="url"
        error={errors.callbackUrl?.message}
        {...register('callbackUrl')}
      />
      <TextField
        label="Postback URL"
        labelAddon={
          <InfoTooltip label="About the postback URL" text={Messages.app.postbackUrlTooltip} />
        }
        type="url"
        error={errors.postbackUrl?.message}
        {...register('postbackUrl')}
      />
      <TextField
        label={Messages.app.clientIdLabel(brand.productName)}
        labelAddon={
          <InfoTooltip
            label="About the client ID"
            text={Messages.app.clientIdTooltip(brand.productName)}
          />
        }
        readOnly
        error={errors.allowedUsers?.message}
        {...register('allowedUsers')}
      />
      <TextField
        label="Description"
        placeholder={Messages.app.descriptionPlaceholder}
        maxLength={Limits.descriptionMax}
        error={errors.description?.message}
        {...register('description')}
      />
      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <div className={styles.status}>
            <label htmlFor={statusId} className={formStyles.label}>
              {Messages.screens.appStatus}
            </label>
            <Switch.Root
              id={statusId}
              className={styles.switch}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={`${statusId}-text`}
            >
              <Switch.Thumb className={styles.thumb} />
            </Switch.Root>
            <span id={`${statusId}-text`}>
              {field.value ? Messages.app.statusActive : Messages.app.statusPaused}
            </span>
          </div>
        )}
      />
      {lock !== null && (
        <div className={styles.lockNotice} role="status">
          <TriangleAlert aria-hidden="true" size={18} />
          <div>
            <p>{Messages.ips.editRestrictedFor(brand.ipChangeCooldownDays)}</p>
            {lock.nextChangeAt !== null && (
              <p>{Messages.ips.nextChangeAt(formatTime(lock.nextChangeAt))}</p>
            )}
          </div>
        </div>
      )}
      <IpRows
        rows={ipRows.fields}
        onAdd={() => ipRows.append({ value: '' })}
        onRemove={ipRows.remove}
        inputProps={(index) => register(`ips.${index}.value`)}
        errorOf={(index) => errors.ips?.[index]?.value?.message}
        listError={errors.ips?.root?.message ?? errors.ips?.message}
        isLocked={lock !== null}
        rowExtra={(index) => {
          const entry = ipValues[index]?.value ?? '';
          const ip = canonicalIp(entry.trim()) ?? entry;
          return (
            <ProofStatus
              ip={ip}
              state={proofStateOf(
                entry,
                app.ipRecordsWithFamilyPending,
                proofDuplicates,
                documents,
              )}
              chosen={documents.get(ip)}
              onChoose={(file) => chooseDocument(ip, file)}
            />
          );
        }}
      />
      {canSkip && (
        <DuplicateSkip
          checked={skipDuplicates}
          onChange={setSkipDuplicates}
          missingDocument={missingDocument}
        />
      )}
      {progress !== null && (
        <progress className={styles.progress} max={1} value={progress} aria-label="Uploading" />
      )}
      <Button type="submit" disabled={!isValid || isBusy} isLoading={progress !== null}>
        {Messages.screens.save}
      </Button>
    </form>
  );
}

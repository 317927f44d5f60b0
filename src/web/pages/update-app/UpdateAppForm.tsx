import { useId, useMemo, useState } from 'react';
import type { Application } from '../../../contract/apps.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { normalizeIpList } from '../../../contract/rules.js';
import { appsApi } from '../../api/apps-api.js';
import { errorMessage } from '../../api/http.js';
import { appFormValidate, ipRowsSchema } from '../../app-area/app-form.js';
import { DescriptionField } from '../../app-area/DescriptionField.js';
import { IpFields } from '../../app-area/IpFields.js';
import { useIpFields } from '../../app-area/use-ip-fields.js';
import { useIpRows } from '../../app-area/use-ip-rows.js';
import { useBrand } from '../../brand.js';
import { useForm } from '../../forms/use-form.js';
import { Button } from '../../ui/Button.js';
import formStyles from '../../ui/forms.module.css';
import { InfoTooltip } from '../../ui/InfoTooltip.js';
import { notify } from '../../ui/notify.js';
import { TextField } from '../../ui/TextField.js';
import { LogoField } from './LogoField.js';
import {
  fieldsOfApp,
  ipRowsOfApp,
  updateAppFormSchema,
  updateAppPayload,
  type UpdateAppFields,
  type UpdateAppForm as Form,
} from './update-app-form.js';
import styles from './update-app-page.module.css';

/** docs/product.md section 2, the update form; a successful save goes to My Apps by a full load. */
/**
 * `blockNoticeId`: the page's notice of the provider's block, which describes the disabled
 * status switch (passed in: importing the notice would pull it out of the screens' chunk).
 */
export function UpdateAppForm({
  app,
  blockNoticeId,
}: {
  app: Application;
  blockNoticeId?: string | undefined;
}) {
  const brand = useBrand();
  const schema = useMemo(
    () => updateAppFormSchema(brand, app.allowedUsers),
    [brand, app.allowedUsers],
  );
  const rowsSchema = useMemo(() => ipRowsSchema(brand.maxIpsPerApp), [brand]);
  const storedIps = useMemo(() => ipRowsOfApp(app), [app]);
  const ipRows = useIpRows(storedIps, rowsSchema);
  const validate = useMemo(
    () => appFormValidate<UpdateAppFields, Form>(schema, ipRows.rows),
    [schema, ipRows.rows],
  );
  const { values, errors, isValid, field, control, setValue, handleSubmit } = useForm({
    initialValues: fieldsOfApp(app),
    validate,
    showErrorsAfter: 'change',
  });
  const statusId = useId();
  const [logoUrl, setLogoUrl] = useState(app.logoUrl);
  const [isLogoBusy, setIsLogoBusy] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const isAlgoLocked = app.algoId === brand.productName;
  const ipFields = useIpFields({
    entries: ipRows.entries,
    applicationId: app.applicationId,
    records: app.ipRecordsWithFamilyPending,
    ipChangeAllowedAt: app.ipChangeAllowedAt,
  });

  const onFailure = (error: unknown) => {
    notify.error(errorMessage(error));
    if (!ipFields.readFailure(error)) return;
    // IP editing locks; the rows go back to the stored list so the rest can be saved, and
    // an IP edit thrown away says so (the lock notice shows when IPs may change again).
    if (normalizeIpList(ipRows.entries).join(',') !== normalizeIpList(storedIps).join(',')) {
      notify.warn(Messages.ips.editDiscarded);
    }
    ipRows.replace(storedIps);
  };

  const save = handleSubmit(async (form) => {
    const { missingDocument } = ipFields;
    if (missingDocument !== undefined) {
      notify.error(Messages.ips.supportingDocumentRequired(missingDocument));
      return;
    }
    setProgress(0);
    try {
      const payload = updateAppPayload(form, {
        logoUrl,
        skipDuplicates: ipFields.skipDuplicates,
        documents: ipFields.documentsToSend(),
        isIpLocked: ipFields.lock !== null,
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
  const hold = app.operatorHold;
  // A block leaves the status stored but moot: the gateway refuses the calls either way.
  const statusDescription = [
    `${statusId}-text`,
    ...(hold === null ? [] : [`${statusId}-hold`]),
    ...(blockNoticeId === undefined ? [] : [blockNoticeId]),
  ].join(' ');
  return (
    <form
      className={`${formStyles.form} ${styles.form}`}
      onSubmit={(event) => void save(event)}
      noValidate
    >
      <TextField label="App name*" error={errors.name} {...field('name')} />
      <TextField
        label="Algo ID"
        readOnly={isAlgoLocked}
        hint={isAlgoLocked ? Messages.app.algoIdLockedHint(brand.productName) : undefined}
        error={errors.algo_id}
        {...field('algo_id')}
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
        error={errors.callbackUrl}
        {...field('callbackUrl')}
      />
      <TextField
        label="Postback URL"
        labelAddon={
          <InfoTooltip label="About the postback URL" text={Messages.app.postbackUrlTooltip} />
        }
        type="url"
        error={errors.postbackUrl}
        {...field('postbackUrl')}
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
        error={errors.allowedUsers}
        {...field('allowedUsers')}
      />
      <DescriptionField error={errors.description} {...control('description')} />
      <div className={styles.status}>
        <label htmlFor={statusId} className={formStyles.label}>
          {Messages.screens.appStatus}
        </label>
        {/* A native button: a switch library measured its size on mount, a forced layout
            of the whole page while the form first rendered. */}
        <button
          type="button"
          role="switch"
          id={statusId}
          className={styles.switch}
          aria-checked={values.isActive}
          disabled={hold !== null || app.block !== null}
          onClick={() => setValue('isActive', !values.isActive)}
          aria-describedby={statusDescription}
        >
          <span className={styles.thumb} />
        </button>
        <span id={`${statusId}-text`}>
          {values.isActive ? Messages.app.statusActive : Messages.app.statusPaused}
        </span>
      </div>
      {hold !== null && (
        <p id={`${statusId}-hold`} className={styles.holdNotice}>
          {Messages.app.heldNotice(hold.reason)}
        </p>
      )}
      <IpFields
        ipFields={ipFields}
        entries={ipRows.entries}
        rows={ipRows.rows}
        onAdd={ipRows.add}
        onRemove={ipRows.remove}
        setRow={ipRows.set}
        inputProps={ipRows.inputProps}
        errorOf={ipRows.errorOf}
        listError={ipRows.listError}
      />
      {progress !== null && (
        <progress className={styles.progress} max={1} value={progress} aria-label="Uploading" />
      )}
      <Button type="submit" disabled={!isValid || isBusy} isLoading={progress !== null}>
        {Messages.screens.save}
      </Button>
    </form>
  );
}

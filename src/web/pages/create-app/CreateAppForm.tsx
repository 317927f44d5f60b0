import { useMemo, useState, type ChangeEvent } from 'react';
import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { appsApi } from '../../api/apps-api.js';
import { errorMessage } from '../../api/http.js';
import { appFormValidate, formIps, ipRowsSchema } from '../../app-area/app-form.js';
import { DescriptionField } from '../../app-area/DescriptionField.js';
import { IpFields } from '../../app-area/IpFields.js';
import { useIpFields } from '../../app-area/use-ip-fields.js';
import { rowValues, useIpRows } from '../../app-area/use-ip-rows.js';
import { useBrand } from '../../brand.js';
import { useForm } from '../../forms/use-form.js';
import { StorageKeys } from '../../session/storage.js';
import { Button } from '../../ui/Button.js';
import { iconProblem } from '../../ui/file-checks.js';
import formStyles from '../../ui/forms.module.css';
import { notify } from '../../ui/notify.js';
import { FieldMessages, TextField, useFieldIds } from '../../ui/TextField.js';
import {
  createAppFormSchema,
  createAppPayload,
  type CreateAppFields,
  type CreateAppForm as Form,
} from './create-app-form.js';
import styles from './create-app-page.module.css';

const FIRST_ROWS = [''];

/** docs/product.md section 2, the /create-app form; a created app goes to My Apps by a full load. */
export function CreateAppForm() {
  const brand = useBrand();
  const storedClientCode = localStorage.getItem(StorageKeys.clientCode);
  const schema = useMemo(() => createAppFormSchema(brand), [brand]);
  const rowsSchema = useMemo(() => ipRowsSchema(brand.maxIpsPerApp), [brand]);
  const ipRows = useIpRows(FIRST_ROWS, rowsSchema);
  const validate = useMemo(
    () => appFormValidate<CreateAppFields, Form>(schema, ipRows.rows),
    [schema, ipRows.rows],
  );
  const { values, errors, isValid, field, checkbox, control, handleSubmit } = useForm({
    initialValues: {
      name: '',
      algo_id: '',
      allowedUsers: storedClientCode ?? '',
      callbackUrl: Limits.urlPrefix,
      postbackUrl: Limits.urlPrefix,
      description: '',
      isFamily: false,
    },
    validate,
    showErrorsAfter: 'change',
  });
  const ipFields = useIpFields({ entries: ipRows.entries });
  // Listed IPs wait for the confirmation: the reason shows beside the box before it was
  // touched, and names the disabled Create for screen readers (docs/product.md section 2.7).
  const isConfirmationMissing =
    !values.isFamily && formIps({ ips: rowValues(ipRows.rows) }).length > 0;
  const familyHint =
    isConfirmationMissing && errors.isFamily === undefined
      ? Messages.ips.confirmOwnOrFamily
      : undefined;
  const familyIds = useFieldIds(errors.isFamily, familyHint);
  const familyReasonId = errors.isFamily === undefined ? familyIds.hintId : familyIds.errorId;
  const [icon, setIcon] = useState<File | null>(null);
  const [iconError, setIconError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const chooseIcon = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file === null ? null : await iconProblem(file);
    setIconError(problem);
    setIcon(problem === null ? file : null);
  };

  const create = handleSubmit(async (form) => {
    const { missingDocument } = ipFields;
    if (missingDocument !== undefined) {
      notify.error(Messages.ips.supportingDocumentRequired(missingDocument));
      return;
    }
    setProgress(0);
    try {
      const payload = createAppPayload(form, {
        icon,
        defaultIconUrl: brand.defaultAppIconUrl,
        skipDuplicates: ipFields.skipDuplicates,
        documents: ipFields.documentsToSend(),
      });
      await appsApi.create(payload, setProgress);
      // docs/product.md section 4: after creation go to My Apps and reload the page.
      window.location.assign(ClientPaths.myApps);
    } catch (error) {
      notify.error(errorMessage(error));
      ipFields.readFailure(error);
    } finally {
      setProgress(null);
    }
  });

  const isBusy = progress !== null;
  return (
    <form
      className={`${formStyles.form} ${styles.form}`}
      onSubmit={(event) => void create(event)}
      noValidate
    >
      <TextField label="App name*" error={errors.name} {...field('name')} />
      <TextField
        label="Algo ID"
        hint={Messages.app.algoIdHint}
        error={errors.algo_id}
        {...field('algo_id')}
      />
      <TextField
        label={`${Messages.app.clientIdLabel(brand.productName)}*`}
        className={storedClientCode === null ? undefined : styles.blurred}
        disabled={storedClientCode !== null}
        error={errors.allowedUsers}
        {...field('allowedUsers')}
      />
      <TextField
        label="Redirect URL*"
        type="url"
        error={errors.callbackUrl}
        {...field('callbackUrl')}
      />
      <TextField
        label="Postback URL"
        type="url"
        error={errors.postbackUrl}
        {...field('postbackUrl')}
      />
      <div className={formStyles.field}>
        <label htmlFor="app-icon" className={formStyles.label}>
          App Icon
        </label>
        <input
          id="app-icon"
          type="file"
          accept=".png,image/png"
          aria-invalid={iconError !== null}
          aria-describedby="app-icon-hint"
          onChange={(event) => void chooseIcon(event)}
        />
        <p id="app-icon-hint" className={formStyles.hint}>
          PNG, {Limits.iconWidth}×{Limits.iconHeight} px.
        </p>
        {iconError !== null && (
          <p className={formStyles.error} role="alert">
            {iconError}
          </p>
        )}
      </div>
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
      <div className={formStyles.checkbox}>
        <input type="checkbox" {...familyIds.inputProps} {...checkbox('isFamily')} />
        <label htmlFor={familyIds.id}>{Messages.ips.ownOrFamily}</label>
      </div>
      <FieldMessages
        error={errors.isFamily}
        errorId={familyIds.errorId}
        hint={familyHint}
        hintId={familyIds.hintId}
      />
      <DescriptionField error={errors.description} {...control('description')} />
      {progress !== null && (
        <progress className={styles.progress} max={1} value={progress} aria-label="Uploading" />
      )}
      <Button
        type="submit"
        disabled={!isValid || isBusy || iconError !== null}
        isLoading={isBusy}
        aria-describedby={isConfirmationMissing ? familyReasonId : undefined}
      >
        Create
      </Button>
    </form>
  );
}

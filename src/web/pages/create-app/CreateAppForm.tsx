import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState, type ChangeEvent } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { ClientPaths } from '../../../contract/routes.js';
import { appsApi } from '../../api/apps-api.js';
import { errorMessage } from '../../api/http.js';
import { IpFields } from '../../app-area/IpFields.js';
import { useIpFields } from '../../app-area/use-ip-fields.js';
import { useBrand } from '../../brand.js';
import { StorageKeys } from '../../session/storage.js';
import { Button } from '../../ui/Button.js';
import { iconProblem } from '../../ui/file-checks.js';
import formStyles from '../../ui/forms.module.css';
import { notify } from '../../ui/notify.js';
import { FieldMessages, TextField, useFieldIds } from '../../ui/TextField.js';
import { createAppFormSchema, createAppPayload, type CreateAppForm } from './create-app-form.js';
import styles from './create-app-page.module.css';

/** docs/product.md section 2, the /create-app form; a created app goes to My Apps by a full load. */
export function CreateAppForm() {
  const brand = useBrand();
  const storedClientCode = localStorage.getItem(StorageKeys.clientCode);
  const schema = useMemo(() => createAppFormSchema(brand), [brand]);
  const {
    register,
    control,
    handleSubmit,
    setValue,
    formState: { errors, isValid },
  } = useForm<CreateAppForm>({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: {
      name: '',
      algo_id: '',
      allowedUsers: storedClientCode ?? '',
      callbackUrl: Limits.urlPrefix,
      postbackUrl: Limits.urlPrefix,
      description: '',
      ips: [{ value: '' }],
      isFamily: false,
    },
  });
  const ipRows = useFieldArray({ control, name: 'ips' });
  const entries = useWatch({ control, name: 'ips' }).map((row) => row.value);
  const ipFields = useIpFields({ entries });
  const familyIds = useFieldIds(errors.isFamily?.message, undefined);
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
      <TextField label="App name*" error={errors.name?.message} {...register('name')} />
      <TextField label="Algo ID" error={errors.algo_id?.message} {...register('algo_id')} />
      <TextField
        label={`${Messages.app.clientIdLabel(brand.productName)}*`}
        className={storedClientCode === null ? undefined : styles.blurred}
        disabled={storedClientCode !== null}
        error={errors.allowedUsers?.message}
        {...register('allowedUsers')}
      />
      <TextField
        label="Redirect URL*"
        type="url"
        error={errors.callbackUrl?.message}
        {...register('callbackUrl')}
      />
      <TextField
        label="Postback URL"
        type="url"
        error={errors.postbackUrl?.message}
        {...register('postbackUrl')}
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
        entries={entries}
        rows={ipRows.fields}
        onAdd={(value) => ipRows.append({ value })}
        onRemove={ipRows.remove}
        setRow={(index, value) => setValue(`ips.${index}.value`, value, { shouldValidate: true })}
        inputProps={(index) => register(`ips.${index}.value`)}
        errorOf={(index) => errors.ips?.[index]?.value?.message}
        listError={errors.ips?.root?.message ?? errors.ips?.message}
      />
      <div className={formStyles.checkbox}>
        <input type="checkbox" {...familyIds.inputProps} {...register('isFamily')} />
        <label htmlFor={familyIds.id}>{Messages.ips.ownOrFamily}</label>
      </div>
      <FieldMessages
        error={errors.isFamily?.message}
        errorId={familyIds.errorId}
        hintId={familyIds.hintId}
      />
      <TextField
        label="Description"
        placeholder={Messages.app.descriptionPlaceholder}
        maxLength={Limits.descriptionMax}
        error={errors.description?.message}
        {...register('description')}
      />
      <p className={styles.note}>
        Algo ID: if you are registering an algorithm with the exchange, enter its Algo ID; leave it
        empty otherwise.
      </p>
      {progress !== null && (
        <progress className={styles.progress} max={1} value={progress} aria-label="Uploading" />
      )}
      <Button type="submit" disabled={!isValid || isBusy || iconError !== null} isLoading={isBusy}>
        Create
      </Button>
    </form>
  );
}

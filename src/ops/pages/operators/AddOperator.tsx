import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  AddOperatorRequestSchema,
  OPERATOR_ROLES,
  type AddOperatorRequest,
  type EnrollmentLinkResponse,
} from '../../../contract/ops.js';
import { OpsMessages } from '../../../contract/ops-messages.js';
import { errorMessage } from '../../../web/api/api-error.js';
import { Button } from '../../../web/ui/Button.js';
import formStyles from '../../../web/ui/forms.module.css';
import { TextField } from '../../../web/ui/TextField.js';
import { operatorsApi } from '../../api/operators-api.js';
import styles from './operators-page.module.css';

const text = OpsMessages.operators;
const EMPTY: AddOperatorRequest = { email: '', role: 'reviewer' };

interface AddOperatorProps {
  readonly onAdded: (email: string, link: EnrollmentLinkResponse) => void;
}

/** E-mail and role of a new operator; the server's refusal (exists) shows beside the e-mail. */
export function AddOperator({ onAdded }: AddOperatorProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddOperatorRequest>({
    resolver: zodResolver(AddOperatorRequestSchema),
    defaultValues: EMPTY,
  });
  const submit = handleSubmit(async (body) => {
    try {
      const link = await operatorsApi.add(body);
      reset(EMPTY);
      onAdded(body.email, link);
    } catch (failure) {
      setError('email', { message: errorMessage(failure) }, { shouldFocus: true });
    }
  });
  return (
    <form
      className={styles.add}
      aria-label={text.add}
      onSubmit={(event) => void submit(event)}
      noValidate
    >
      <TextField
        label={text.email}
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className={formStyles.field}>
        <label htmlFor="add-operator-role" className={formStyles.label}>
          {text.role}
        </label>
        <select id="add-operator-role" className={formStyles.select} {...register('role')}>
          {OPERATOR_ROLES.map((role) => (
            <option key={role} value={role}>
              {OpsMessages.roles[role]}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" disabled={isSubmitting} isLoading={isSubmitting}>
        {text.addSubmit}
      </Button>
    </form>
  );
}

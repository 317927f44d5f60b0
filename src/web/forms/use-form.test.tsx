import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { EmailChecks, LoginPasswordChecks, required } from '../../contract/field-checks.js';
import { Messages } from '../../contract/messages.js';
import { TextField } from '../ui/TextField.js';
import { checksValidate } from './checks-validate.js';
import { asyncSchemaValidate, schemaValidate } from './schema-validate.js';
import { useForm, type Validate } from './use-form.js';

const signinValues = { email: '', password: '' };
const validateSignin = checksValidate<typeof signinValues>({
  email: EmailChecks,
  password: LoginPasswordChecks,
});

function SigninForm({ onValid }: { onValid: (values: typeof signinValues) => Promise<void> }) {
  const { errors, field, handleSubmit, isSubmitting } = useForm({
    initialValues: signinValues,
    validate: validateSignin,
    showErrorsAfter: 'blur',
  });
  return (
    <form onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate>
      <TextField label="Email" error={errors.email} {...field('email')} />
      <TextField label="Password" error={errors.password} {...field('password')} />
      <button type="submit" disabled={isSubmitting}>
        Sign in
      </button>
    </form>
  );
}

const passwordValues = { password: '', confirm: '', accepts: false };
const PasswordSchema = z
  .object({
    password: z.string().check(z.minLength(1, 'Password is required')),
    confirm: z.string(),
    accepts: z.boolean().check(z.refine((accepted) => accepted, 'Accept the terms')),
  })
  .check(
    z.refine((form) => form.confirm === form.password, {
      path: ['confirm'],
      error: 'Passwords differ',
    }),
  );

function PasswordForm({
  validate,
  onValid,
}: {
  validate: Validate<typeof passwordValues, z.infer<typeof PasswordSchema>>;
  onValid: () => void;
}) {
  const { errors, isValid, field, checkbox, handleSubmit } = useForm({
    initialValues: passwordValues,
    validate,
    showErrorsAfter: 'change',
    dependents: { password: ['confirm'] },
  });
  return (
    <form onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate>
      <TextField label="Password" error={errors.password} {...field('password')} />
      <TextField label="Confirm" error={errors.confirm} {...field('confirm')} />
      <label>
        <input type="checkbox" {...checkbox('accepts')} /> I accept
      </label>
      {errors.accepts !== undefined && <p role="alert">{errors.accepts}</p>}
      <button type="submit" disabled={!isValid}>
        Save
      </button>
    </form>
  );
}

const validatePasswords = schemaValidate<typeof passwordValues, z.infer<typeof PasswordSchema>>(
  PasswordSchema,
);

describe('useForm, messages shown after a field is left (the sign-in form)', () => {
  it('shows no message while typing, the field message once the field is left', async () => {
    const user = userEvent.setup();
    render(<SigninForm onValid={() => Promise.resolve()} />);
    await user.type(screen.getByLabelText('Email'), 'asha@');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.tab();
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      Messages.signup.emailInvalid,
    );
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    // After the first blur the message follows every change.
    await user.clear(screen.getByLabelText('Email'));
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
      Messages.signup.emailRequired,
    );
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-describedby');
  });

  it('on submit shows every message, focuses the first field in error and sends nothing', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn(() => Promise.resolve());
    render(<SigninForm onValid={onValid} />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([Messages.signup.emailRequired, Messages.login.passwordRequired]);
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(onValid).not.toHaveBeenCalled();
  });

  it('sends the values and disables the button until the send settles', async () => {
    const user = userEvent.setup();
    let settle: () => void = () => undefined;
    const onValid = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          settle = resolve;
        }),
    );
    render(<SigninForm onValid={onValid} />);
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onValid).toHaveBeenCalledWith({ email: 'asha@example.com', password: 'x' });
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
    settle();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled());
  });
});

describe('useForm, messages shown once a field changes (the sign-up and reset forms)', () => {
  it('keeps submit disabled until the whole form is valid, messages only on changed fields', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<PasswordForm validate={validatePasswords} onValid={onValid} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(screen.getByLabelText('Confirm'), 'a');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Passwords differ',
    ]);
    // The password's change shows the confirmation's message too, and clears it once equal.
    await user.type(screen.getByLabelText('Password'), 'a');
    expect(screen.queryByText('Passwords differ')).toBeNull();
    expect(save).toBeDisabled();

    await user.click(screen.getByLabelText('I accept'));
    expect(save).toBeEnabled();
    await user.click(screen.getByLabelText('I accept'));
    expect(screen.getByRole('alert')).toHaveTextContent('Accept the terms');
    expect(save).toBeDisabled();
  });

  it('a password change shows the confirmation message before the confirmation is touched', async () => {
    const user = userEvent.setup();
    render(<PasswordForm validate={validatePasswords} onValid={vi.fn()} />);
    await user.type(screen.getByLabelText('Password'), 'a');
    expect(screen.getByLabelText('Confirm')).toHaveAccessibleDescription('Passwords differ');
  });

  it('with a check that answers later: disabled while it is out, then its message', async () => {
    const user = userEvent.setup();
    const answers: (() => void)[] = [];
    const slowSchema = z.object({
      password: z.string().check(
        z.refine(async (password) => {
          await new Promise<void>((resolve) => answers.push(resolve));
          return password !== 'taken';
        }, 'That password is taken'),
      ),
      confirm: z.string(),
      accepts: z.boolean(),
    });
    const validate = asyncSchemaValidate<typeof passwordValues, z.infer<typeof slowSchema>>(
      slowSchema,
    );
    render(<PasswordForm validate={validate} onValid={vi.fn()} />);
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(answers.length).toBeGreaterThan(0));
    for (const answer of answers.splice(0)) answer();
    await waitFor(() => expect(save).toBeEnabled());

    await user.type(screen.getByLabelText('Password'), 'taken');
    expect(save).toBeDisabled();
    for (const answer of answers.splice(0)) answer();
    expect(await screen.findByText('That password is taken')).toBeInTheDocument();
    expect(save).toBeDisabled();
  });
});

const profileValues = { name: 'Asha', city: 'Goa' };
const validateProfile = checksValidate<typeof profileValues>({
  name: [required('Name is required')],
  city: [],
});

/** A form saved to a server that may refuse a field: the account screen's profile form. */
function ProfileForm({ answer }: { answer: (values: typeof profileValues) => string | null }) {
  const { errors, isValid, isDirty, field, handleSubmit, reset, setServerError, focus } = useForm({
    initialValues: profileValues,
    validate: validateProfile,
    showErrorsAfter: 'change',
  });
  const save = handleSubmit((values) => {
    const refusal = answer(values);
    if (refusal === null) {
      reset(values);
    } else {
      setServerError('name', refusal);
      focus('name');
    }
  });
  return (
    <form onSubmit={(event) => void save(event)} noValidate>
      <TextField label="Name" error={errors.name} {...field('name')} />
      <TextField label="City" error={errors.city} {...field('city')} />
      <button type="submit" disabled={!isValid || !isDirty}>
        Save
      </button>
    </form>
  );
}

describe('useForm, a form the server may refuse (the account screen)', () => {
  it('is not dirty until a value differs from the starting one, and again once it is back', async () => {
    const user = userEvent.setup();
    render(<ProfileForm answer={() => null} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('City'), 'a');
    expect(save).toBeEnabled();
    await user.type(screen.getByLabelText('City'), '{Backspace}');
    expect(save).toBeDisabled();
  });

  it("shows the server's message on its field, focused, until the field changes", async () => {
    const user = userEvent.setup();
    render(<ProfileForm answer={() => 'That name is taken'} />);
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByLabelText('Name');
    expect(name).toHaveAccessibleDescription('That name is taken');
    expect(name).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.type(name, 'y');
    expect(screen.queryByText('That name is taken')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it("allows saving again once another field changes, the server's message kept on its field", async () => {
    const user = userEvent.setup();
    render(<ProfileForm answer={() => 'That name is taken'} />);
    await user.type(screen.getByLabelText('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.type(screen.getByLabelText('City'), 'a');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('That name is taken');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('after a save, starts again from the saved values: nothing to save, no messages', async () => {
    const user = userEvent.setup();
    const answer = vi.fn(() => null);
    render(<ProfileForm answer={answer} />);
    await user.clear(screen.getByLabelText('City'));
    await user.type(screen.getByLabelText('City'), 'Pune');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(answer).toHaveBeenCalledWith({ name: 'Asha', city: 'Pune' });
    expect(screen.getByLabelText('City')).toHaveValue('Pune');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(screen.getByLabelText('Name'));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
  });
});

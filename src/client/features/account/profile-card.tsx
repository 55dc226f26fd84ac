/** The Profile card of My Account and its Edit Profile dialog. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { SessionUser } from '../../../shared/schemas/auth.js';
import { profileUpdateSchema } from '../../../shared/schemas/user.js';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { toast } from '../../components/ui/use-toast';
import { toastSuccess } from '../../lib/notify';
import { useServerError } from '../../lib/server-error';
import { SessionExpiredError, useUpdateProfile } from './api';
import { useFieldMessage } from './messages';
import { displayNameFor, initialsFor } from './profile';

export function ProfileCard({ user, className }: { user: SessionUser; className?: string }) {
  const { t } = useTranslation('account');
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className={className}>
      <CardHeader>
        <CardTitle id={titleId}>{t('profile.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex items-center gap-4">
        <span
          aria-hidden="true"
          className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground text-xl"
        >
          {initialsFor(user)}
        </span>
        <div className="grid min-w-0 gap-1">
          {/* Without a name this is the e-mail's local part: it must break anywhere, or a long one widens the page. */}
          <p className="wrap-anywhere font-semibold text-lg leading-tight">{displayNameFor(user)}</p>
          <p className="wrap-anywhere text-muted-foreground text-sm">
            <EmailWithBreak email={user.email} />
          </p>
          <p className="text-muted-foreground text-sm">{t('profile.customerSince')}</p>
        </div>
      </CardContent>
      <CardFooter>
        <EditProfileDialog user={user} />
      </CardFooter>
    </Card>
  );
}

function EditProfileDialog({ user }: { user: SessionUser }) {
  const { t } = useTranslation('account');
  const serverError = useServerError();
  const [open, setOpen] = useState(false);
  const updateProfile = useUpdateProfile();

  function save(values: ProfileValues) {
    updateProfile.mutate(values, {
      onSuccess: () => {
        toastSuccess(t('profile.updated'));
        setOpen(false);
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('profile.updateFailed'),
          description:
            error instanceof SessionExpiredError
              ? t('profile.sessionExpired')
              : (serverError(error) ?? t('profile.updateFailedText')),
        });
      },
    });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden="true" />
          {t('profile.edit')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('profile.edit')}</DialogTitle>
          <DialogDescription>{t('profile.editDescription')}</DialogDescription>
        </DialogHeader>
        {/* Inside the content, so each opening starts from the current session user. */}
        <ProfileForm user={user} busy={updateProfile.isPending} onSubmit={save} />
      </DialogContent>
    </Dialog>
  );
}

type ProfileValues = { firstName: string; lastName: string; phoneNumber: string };

function ProfileForm({
  user,
  busy,
  onSubmit,
}: {
  user: SessionUser;
  busy: boolean;
  onSubmit: (values: ProfileValues) => void;
}) {
  const form = useForm<z.input<typeof profileUpdateSchema>, unknown, z.output<typeof profileUpdateSchema>>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      firstName: user.firstName ?? '',
      lastName: user.lastName ?? '',
      phoneNumber: user.phoneNumber ?? '',
    },
  });
  const { errors } = form.formState;
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) =>
        // Only these three fields: the e-mail is read-only here (an admin changes it).
        onSubmit({
          firstName: values.firstName ?? '',
          lastName: values.lastName ?? '',
          phoneNumber: values.phoneNumber ?? '',
        }),
      )}
    >
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <TextField
          label={t('profile.firstName')}
          autoComplete="given-name"
          maxLength={100}
          error={fieldMessage(errors.firstName?.message)}
          {...form.register('firstName')}
        />
        <TextField
          label={t('profile.lastName')}
          autoComplete="family-name"
          maxLength={100}
          error={fieldMessage(errors.lastName?.message)}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        label={t('profile.phone')}
        type="tel"
        autoComplete="tel"
        maxLength={20}
        error={fieldMessage(errors.phoneNumber?.message)}
        {...form.register('phoneNumber')}
      />
      <TextField label={t('profile.email')} type="email" value={user.email} disabled readOnly />
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline">
            {t('cancel')}
          </Button>
        </DialogClose>
        <Button type="submit" loading={busy}>
          {t('save')}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** A narrow card breaks a long address before its '@' rather than in the middle of a word. */
function EmailWithBreak({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

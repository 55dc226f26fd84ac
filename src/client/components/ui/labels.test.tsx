import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { renderWithProviders } from '../../test/utils';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { Spinner } from './spinner';
import { PasswordField } from './text-field';

function Screen() {
  return (
    <>
      <PasswordField label="Contraseña" />
      <Spinner />
      <Dialog open>
        <DialogContent>
          <DialogTitle>Título</DialogTitle>
          <DialogDescription>Texto</DialogDescription>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('what the shared controls say to screen readers', () => {
  it('is in the customer’s language on the customer side', async () => {
    await changeLocale('es');
    renderWithProviders(<Screen />, '/orders');
    expect(screen.getByRole('button', { name: 'Mostrar contraseña', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
    expect(screen.getByRole('status', { hidden: true })).toHaveTextContent('Cargando');
  });

  it('stays English in the back office, which is English throughout', async () => {
    await changeLocale('es');
    renderWithProviders(<Screen />, '/admin/orders');
    expect(screen.getByRole('button', { name: 'Show password', hidden: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});

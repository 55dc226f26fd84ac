import type { MailMessages } from './en.js';

/** The customer e-mails' texts in Spanish (United States). */
export const es: MailMessages = {
  'code.signIn.title': 'Tu código de verificación',
  'code.signIn.intro': 'Usa este código para terminar de iniciar sesión:',
  'code.reset.title': 'Restablece tu contraseña',
  'code.reset.intro': 'Usa este código para restablecer tu contraseña:',
  'code.expiry':
    'Vence en {minutes, plural, one {# minuto} other {# minutos}} y solo se puede usar una vez. Si no lo pediste, ignora este correo.',
  'paused.title': 'Códigos de inicio de sesión pausados en tu cuenta',
  'paused.what':
    'Se ingresaron varios códigos de verificación incorrectos en tu cuenta de {product}, así que sus códigos dejan de funcionar hasta las {time} UTC ({date}).',
  'paused.you': 'Si fuiste tú, espera hasta entonces y pide un código nuevo.',
  'paused.notYou':
    'Si no fuiste tú, es posible que alguien esté intentando entrar en tu cuenta: cuando termine la pausa, inicia sesión y cambia tu contraseña. Mientras dure, nadie puede iniciar sesión con un código.',
  'factorAdded.title': 'Se añadió un nuevo factor de inicio de sesión a tu cuenta',
  'factorAdded.what':
    '{factor, select, totp {Una aplicación de autenticación} other {Una llave de acceso ({name})}} se añadió a tu cuenta de {product} a las {time} UTC ({date}). A partir de ahora sirve para iniciar sesión.',
  'factorAdded.notYou':
    'Si no fuiste tú, inicia sesión, quítala en Cuenta → Seguridad, cambia tu contraseña y cierra tus otras sesiones.',
  'adminReset.title': 'Restablece tu contraseña',
  'adminReset.intro':
    'Un administrador de {product} inició el restablecimiento de la contraseña de tu cuenta. Tu código:',
  'adminReset.open': 'Abre este enlace, ingresa el código y elige una contraseña nueva:',
  'adminReset.expiry':
    'El código vence en {minutes, plural, one {# minuto} other {# minutos}} y solo se puede usar una vez. Hasta que elijas una contraseña nueva, la actual sigue funcionando.',
  'invitation.title': 'Te invitan al panel de {product}',
  'invitation.intro': '{inviter} te invitó a unirte al panel de {product} con el rol {role}.',
  'invitation.open': 'Abre este enlace para elegir tu contraseña:',
  'invitation.expiry':
    'El enlace funciona una sola vez, durante {days, plural, one {# día} other {# días}}. Si no esperabas esta invitación, ignora este correo.',
  'role.ADMIN': 'Administrador',
  'role.OPERATIONS': 'Operaciones',
  'role.SUPPORT': 'Soporte',
  'role.VIEWER': 'Lector',
  'roleLine.ADMIN':
    'Un administrador puede hacerlo todo, incluidos los ajustes, las cuentas del personal, las claves de API y el registro de auditoría.',
  'roleLine.OPERATIONS':
    'Operaciones gestiona los pedidos (etapas, cambios masivos, notas, mensajes, importaciones, exportaciones, días de entrega) y consulta los clientes y el registro de webhooks.',
  'roleLine.SUPPORT':
    'Soporte consulta pedidos y clientes, escribe notas y mensajes y envía a los clientes el restablecimiento de su contraseña.',
  'roleLine.VIEWER': 'Un lector consulta el panel, los pedidos y los clientes, y no cambia nada.',
  'stageChange.subject': 'Pedido {orderNumber}: {stage}',
  'stageChange.title': 'Tu pedido {orderNumber} se actualizó',
  'stageChange.whole': 'Tu {product} (pedido {orderNumber}) ahora está en la etapa {stage}.',
  'stageChange.units':
    '{count, plural, one {{units} de tu {product} ahora está en la etapa {stage}.} other {{units} de tu {product} ahora están en la etapa {stage}.}}',
  'message.subject': 'Nuevo mensaje sobre su pedido {orderNumber}',
  'message.wrote': '{name} escribió:',
  'message.filesOnly': '(archivos adjuntos)',
  'checkout.deposit': 'Depósito para {product} ({unit})',
  'message.reply': 'Leer y responder',
  'order.view': 'Ver tu pedido',
  'confirmation.createdTitle': 'Tu pedido {orderNumber} está confirmado',
  'confirmation.updatedTitle': 'Tu pedido {orderNumber} se actualizó',
  'confirmation.what': '{quantity, plural, one {{product}} other {# × {product}}}',
  'confirmation.created': 'Recibimos tu pedido {orderNumber} de {what}.',
  'confirmation.updated': 'Tu pedido {orderNumber} de {what} se actualizó.',
  'confirmation.stage': 'Su etapa actual: {stage}.',
  'confirmation.private':
    'Sigue su avance en tu página de seguimiento; cualquier persona con ese enlace puede verla, así que no lo compartas.',
  'confirmation.track': 'Seguir tu pedido',
  'confirmation.signIn': 'O inicia sesión para ver tu pedido',
  'confirmation.setPassword':
    'Aún no tienes contraseña: abre la página de inicio de sesión, escribe {email} y elige una. Te enviaremos un código para confirmar que eres tú y después verás todos tus pedidos.',
  'confirmation.createPassword': 'Crear tu contraseña',
  'booking.bookedTitle': 'Tu día de entrega está reservado',
  'booking.movedTitle': 'Tu día de entrega cambió',
  'booking.subject': '{summary}: {day}',
  'booking.booked': '{summary} está reservada para el {day}.',
  'booking.change':
    'Puedes cambiar el día en la página de tu pedido hasta las {deadline}. La invitación adjunta lo agrega a tu calendario.',
  'booking.deadline': '{time} UTC del {day}',
  'booking.summary': 'Entrega de {product} ({unit})',
  'booking.event': '{unit}.',
  'financing.subject':
    '{unit}: financiamiento {state, select, submitted {solicitud recibida} approved {aprobado} other {no aprobado}}',
  'financing.submitted':
    'Enviamos tu solicitud de financiamiento de {product} ({unit}) a {provider}. Te avisaremos en cuanto decidan.',
  'financing.approved':
    '{provider} aprobó el financiamiento de {product} ({unit}). Tu depósito queda cubierto y tu pedido avanza.',
  'financing.declined':
    '{provider} no aprobó el financiamiento de {product} ({unit}). Puedes pagar el depósito o volver a solicitarlo desde la página de tu pedido.',
  'unit.word': 'Unidad',
  'stage.ORDER_PLACED': 'Pedido realizado',
  'stage.LOCATION_ENABLED': 'Ubicación habilitada',
  'stage.DOCUMENTS_PENDING': 'Firma de documentos',
  'stage.DOCUMENTS_SIGNING': 'Firma de documentos',
  'stage.FINANCING_PAYMENT': 'Pago',
  'stage.SITE_PREP': 'Preparación del terreno',
  'stage.PRODUCTION': 'Producción',
  'stage.DELIVERY_DATE_CONFIRMED': 'Entrega programada',
  'stage.FINAL_DOCUMENTS': 'Documentación final',
  'stage.DELIVERED': 'Entregado',
};

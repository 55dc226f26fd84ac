/**
 * The questions a fresh install's help page answers (decision 266), in the three languages, until
 * staff edit them in Settings → Help. They describe the portal as it is: change them with it.
 */
import type { HelpEntry } from './schemas/help.js';

export const DEFAULT_HELP_ENTRIES: HelpEntry[] = [
  {
    id: 'follow-order',
    question: {
      en: 'How do I follow my order?',
      es: '¿Cómo sigo mi pedido?',
      fr: 'Comment suivre ma commande ?',
    },
    answer: {
      en: 'My Orders lists your orders. Open one to see each unit’s timeline: the steps it has passed, the one it is at now and what comes next. The tracking link in your order confirmation e-mail shows the same without signing in; keep it to yourself, as anyone with the link can see the order.',
      es: 'Mis pedidos muestra tus pedidos. Abre uno para ver la línea de tiempo de cada unidad: los pasos que ya pasó, el actual y el siguiente. El enlace de seguimiento del correo de confirmación muestra lo mismo sin iniciar sesión; no lo compartas, porque cualquiera con el enlace puede ver el pedido.',
      fr: 'Mes commandes liste vos commandes. Ouvrez-en une pour voir la frise de chaque unité : les étapes passées, l’étape actuelle et la suivante. Le lien de suivi de l’e-mail de confirmation montre la même chose sans connexion ; gardez-le pour vous, car toute personne qui a le lien peut voir la commande.',
    },
  },
  {
    id: 'no-password',
    question: {
      en: 'I never chose a password. How do I sign in?',
      es: 'Nunca elegí una contraseña. ¿Cómo inicio sesión?',
      fr: 'Je n’ai jamais choisi de mot de passe. Comment me connecter ?',
    },
    answer: {
      en: 'Your account was made with your order. On the sign-in page, enter the e-mail address you ordered with and choose a password; we e-mail you a code to confirm it is you.',
      es: 'Tu cuenta se creó con tu pedido. En la página de inicio de sesión, escribe el correo con el que hiciste el pedido y elige una contraseña; te enviaremos un código para confirmar que eres tú.',
      fr: 'Votre compte a été créé avec votre commande. Sur la page de connexion, saisissez l’adresse e-mail de votre commande et choisissez un mot de passe ; nous vous envoyons un code pour confirmer que c’est bien vous.',
    },
  },
  {
    id: 'documents',
    question: {
      en: 'How do I sign my documents?',
      es: '¿Cómo firmo mis documentos?',
      fr: 'Comment signer mes documents ?',
    },
    answer: {
      en: 'When your documents are ready, the unit shows a button to sign them and we e-mail you. Signing opens our signing partner’s page; once you have signed, the unit moves on to payment by itself.',
      es: 'Cuando tus documentos están listos, la unidad muestra un botón para firmarlos y te enviamos un correo. Firmar abre la página de nuestro socio de firma; una vez firmados, la unidad pasa sola al pago.',
      fr: 'Quand vos documents sont prêts, l’unité affiche un bouton pour les signer et nous vous envoyons un e-mail. La signature ouvre la page de notre partenaire ; une fois signés, l’unité passe d’elle-même au paiement.',
    },
  },
  {
    id: 'deposit',
    question: {
      en: 'How do I pay the deposit?',
      es: '¿Cómo pago el depósito?',
      fr: 'Comment payer l’acompte ?',
    },
    answer: {
      en: 'At the payment step, the unit shows a button to pay its deposit by card on a secure payment page. The payment is confirmed on the unit, and by e-mail, as soon as it goes through.',
      es: 'En el paso de pago, la unidad muestra un botón para pagar su depósito con tarjeta en una página de pago segura. El pago se confirma en la unidad, y por correo, en cuanto se procesa.',
      fr: 'À l’étape du paiement, l’unité affiche un bouton pour payer son acompte par carte sur une page de paiement sécurisée. Le paiement est confirmé sur l’unité, et par e-mail, dès qu’il est passé.',
    },
  },
  {
    id: 'delivery',
    question: {
      en: 'When will my unit be delivered?',
      es: '¿Cuándo se entregará mi unidad?',
      fr: 'Quand mon unité sera-t-elle livrée ?',
    },
    answer: {
      en: 'Each unit shows an estimated delivery window that narrows as it moves along. Once it is in production you can book a delivery day on the unit, and change it until 48 hours before.',
      es: 'Cada unidad muestra un periodo estimado de entrega que se acota a medida que avanza. Cuando está en producción puedes reservar un día de entrega en la unidad y cambiarlo hasta 48 horas antes.',
      fr: 'Chaque unité affiche une période de livraison estimée qui se précise au fil des étapes. Dès qu’elle est en production, vous pouvez réserver un jour de livraison sur l’unité et le changer jusqu’à 48 heures avant.',
    },
  },
  {
    id: 'contact',
    question: {
      en: 'How do I ask a question about my order?',
      es: '¿Cómo hago una pregunta sobre mi pedido?',
      fr: 'Comment poser une question sur ma commande ?',
    },
    answer: {
      en: 'Open the order and write to us under Questions about this order: our team answers there and lets you know by e-mail. You can choose your language and which e-mails you get in Settings.',
      es: 'Abre el pedido y escríbenos en sus preguntas: nuestro equipo responde allí y te avisa por correo. En Configuración eliges tu idioma y qué correos recibes.',
      fr: 'Ouvrez la commande et écrivez-nous dans ses questions : notre équipe y répond et vous prévient par e-mail. Dans Paramètres, choisissez votre langue et les e-mails que vous recevez.',
    },
  },
];

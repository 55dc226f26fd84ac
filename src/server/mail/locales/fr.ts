import type { MailMessages } from './en.js';

/** The customer e-mails' texts in French. */
export const fr: MailMessages = {
  'code.signIn.title': 'Votre code de vérification',
  'code.signIn.intro': 'Utilisez ce code pour terminer votre connexion :',
  'code.reset.title': 'Réinitialisez votre mot de passe',
  'code.reset.intro': 'Utilisez ce code pour réinitialiser votre mot de passe :',
  'code.expiry':
    'Il expire dans {minutes, plural, one {# minute} other {# minutes}} et ne peut servir qu’une fois. Si vous ne l’avez pas demandé, ignorez cet e-mail.',
  'paused.title': 'Codes de connexion suspendus pour votre compte',
  'paused.what':
    'Plusieurs codes de vérification erronés ont été saisis pour votre compte {product} : ses codes ne fonctionnent plus jusqu’à {time} UTC ({date}).',
  'paused.you': 'Si c’était vous, patientez jusque-là puis demandez un nouveau code.',
  'paused.notYou':
    'Sinon, quelqu’un essaie peut-être d’accéder à votre compte : à la fin de la suspension, connectez-vous et changez votre mot de passe. Personne ne peut se connecter avec un code pendant la suspension.',
  'factorAdded.title': 'Un nouveau facteur de connexion a été ajouté à votre compte',
  'factorAdded.what':
    '{factor, select, totp {Une application d’authentification} other {Une clé d’accès ({name})}} a été ajoutée à votre compte {product} à {time} UTC ({date}). Elle permet désormais de se connecter.',
  'factorAdded.notYou':
    'Si ce n’était pas vous, connectez-vous, supprimez-la dans Compte → Sécurité, changez votre mot de passe et fermez vos autres sessions.',
  'adminReset.title': 'Réinitialisez votre mot de passe',
  'adminReset.intro':
    'Un administrateur de {product} a lancé la réinitialisation du mot de passe de votre compte. Votre code :',
  'adminReset.open': 'Ouvrez ce lien, saisissez le code et choisissez un nouveau mot de passe :',
  'adminReset.expiry':
    'Le code expire dans {minutes, plural, one {# minute} other {# minutes}} et ne peut servir qu’une fois. Tant que vous n’avez pas choisi de nouveau mot de passe, l’actuel reste valable.',
  'invitation.title': 'Vous êtes invité sur l’espace de gestion de {product}',
  'invitation.intro':
    'Vous êtes invité par {inviter} à rejoindre l’espace de gestion de {product} avec le rôle {role}.',
  'invitation.open': 'Ouvrez ce lien pour choisir votre mot de passe :',
  'invitation.expiry':
    'Le lien fonctionne une seule fois, pendant {days, plural, one {# jour} other {# jours}}. Si vous n’attendiez pas cette invitation, ignorez cet e-mail.',
  'role.ADMIN': 'Administrateur',
  'role.OPERATIONS': 'Opérations',
  'role.SUPPORT': 'Support',
  'role.VIEWER': 'Lecteur',
  'roleLine.ADMIN':
    'Un administrateur peut tout faire, y compris les paramètres, les comptes du personnel, les clés d’API et le journal d’audit.',
  'roleLine.OPERATIONS':
    'Opérations gère les commandes (étapes, modifications groupées, notes, messages, imports, exports, jours de livraison) et consulte les clients et le journal des webhooks.',
  'roleLine.SUPPORT':
    'Support consulte les commandes et les clients, écrit des notes et des messages et envoie aux clients la réinitialisation de leur mot de passe.',
  'roleLine.VIEWER':
    'Un lecteur consulte le tableau de bord, les commandes et les clients, et ne modifie rien.',
  'stageChange.subject': 'Commande {orderNumber} : {stage}',
  'stageChange.title': 'Votre commande {orderNumber} a été mise à jour',
  'stageChange.whole': 'Votre {product} (commande {orderNumber}) est maintenant à l’étape {stage}.',
  'stageChange.units':
    '{count, plural, one {{units} de votre {product} est maintenant à l’étape {stage}.} other {{units} de votre {product} sont maintenant à l’étape {stage}.}}',
  'message.subject': 'Nouveau message concernant votre commande {orderNumber}',
  'message.wrote': '{name} a écrit :',
  'message.filesOnly': '(fichiers joints)',
  'checkout.deposit': 'Acompte pour {product} ({unit})',
  'message.reply': 'Lire et répondre',
  'order.view': 'Voir votre commande',
  'confirmation.createdTitle': 'Votre commande {orderNumber} est confirmée',
  'confirmation.updatedTitle': 'Votre commande {orderNumber} a été mise à jour',
  'confirmation.what': '{quantity, plural, one {{product}} other {# × {product}}}',
  'confirmation.created': 'Nous avons bien reçu votre commande {orderNumber} : {what}.',
  'confirmation.updated': 'Votre commande {orderNumber} ({what}) a été mise à jour.',
  'confirmation.stage': 'Son étape actuelle : {stage}.',
  'confirmation.private':
    'Suivez son avancement sur votre page de suivi ; toute personne disposant de ce lien peut la consulter, alors gardez-le pour vous.',
  'confirmation.track': 'Suivre votre commande',
  'confirmation.signIn': 'Ou connectez-vous pour voir votre commande',
  'confirmation.setPassword':
    'Vous n’avez pas encore de mot de passe : ouvrez la page de connexion, saisissez {email} et choisissez-en un. Nous vous enverrons un code pour confirmer que c’est bien vous, puis vous verrez toutes vos commandes.',
  'confirmation.createPassword': 'Créer votre mot de passe',
  'booking.bookedTitle': 'Votre jour de livraison est réservé',
  'booking.movedTitle': 'Votre jour de livraison a changé',
  'booking.subject': '{summary} : {day}',
  'booking.booked': '{summary} est prévue le {day}.',
  'booking.change':
    'Vous pouvez changer de jour sur la page de votre commande jusqu’au {deadline}. L’invitation jointe l’ajoute à votre agenda.',
  'booking.deadline': '{day} à {time} UTC',
  'booking.summary': 'Livraison de {product} ({unit})',
  'booking.event': '{unit}.',
  'financing.subject':
    '{unit} : financement {state, select, submitted {demande reçue} approved {accepté} other {refusé}}',
  'financing.submitted':
    'Nous avons envoyé votre demande de financement pour {product} ({unit}) à {provider}. Nous vous écrirons dès sa décision.',
  'financing.approved':
    '{provider} a accepté le financement de {product} ({unit}). Votre acompte est réglé et votre commande avance.',
  'financing.declined':
    '{provider} n’a pas accepté le financement de {product} ({unit}). Vous pouvez payer l’acompte ou refaire une demande depuis la page de votre commande.',
  'unit.word': 'Unité',
  'stage.ORDER_PLACED': 'Commande passée',
  'stage.LOCATION_ENABLED': 'Emplacement validé',
  'stage.DOCUMENTS_PENDING': 'Signature des documents',
  'stage.DOCUMENTS_SIGNING': 'Signature des documents',
  'stage.FINANCING_PAYMENT': 'Paiement',
  'stage.SITE_PREP': 'Préparation du terrain',
  'stage.PRODUCTION': 'Production',
  'stage.DELIVERY_DATE_CONFIRMED': 'Livraison programmée',
  'stage.FINAL_DOCUMENTS': 'Documents finaux',
  'stage.DELIVERED': 'Livraison effectuée',
};

import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/fields';

export type Lang = Language;

const isLanguage = (value: string): value is Lang => (LANGUAGES as readonly string[]).includes(value);

/**
 * The caller's most preferred language that we speak (LANGUAGES), else the default, `en`
 * (the contract: `Accept-Language: it` gives Italian, anything else English).
 */
export function languageFrom(acceptLanguage: string | undefined): Lang {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { primary: tag.trim().toLowerCase().split('-')[0], weight: Number.isNaN(weight) ? 0 : weight, order };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  const first = ranked.map((entry) => entry.primary).find(isLanguage);
  return first ?? DEFAULT_LANGUAGE;
}

export const messages = {
  en: {
    malformedJson: 'Malformed JSON body.',
    unauthenticated: 'Unauthenticated.',
    invalidCredentials: 'These credentials do not match our records.',
    forbidden: 'Forbidden.',
    crossOrigin: 'This request is accepted from the app’s own pages only.',
    sessionEndedEmailChanged:
      'This session ended because the account’s email address was changed: every other session was signed out. Please sign in again.',
    sessionEndedPasswordChanged:
      'This session ended because the account’s password was changed: every other session was signed out. Please sign in again.',
    sessionEndedEverywhere: 'This session ended because the account was signed out everywhere. Please sign in again.',
    notFound: 'Not found.',
    unknownHost: 'This server answers only to its own address. Open it by the address it was started with.',
    couponAlreadyRedeemed: 'This coupon has already been redeemed.',
    bodyTooLarge: 'Request body too large.',
    bodyIncomplete: 'The request body ended before all of it arrived.',
    unsupportedMediaType: 'Content-Type must be application/json.',
    invalidData: 'The given data was invalid.',
    tooManyAttempts: 'Too many attempts. Try again in :wait.',
    serverError: 'Server error.',
    resetLinkSent: 'If that email address is in our records, we have sent you a password reset link.',
    passwordReset: 'Your password has been reset.',
    facebookDeletionNotFound: 'No data-deletion request has this status id.',
    webhookSignature: 'The X-Hub-Signature-256 header is missing or does not sign this body.',
    webhookVerification: 'This is not a webhook subscription with our verify token.',
    formOrJsonOnly: 'Content-Type must be application/x-www-form-urlencoded or application/json.',
    mauticNotConfigured: 'Mautic is not configured: set MAUTIC_BASE_URL, MAUTIC_CLIENT_ID and MAUTIC_CLIENT_SECRET.',
    mauticUnreachable: 'Mautic could not be reached. Try again later.',
    mauticClientRefused:
      "Mautic refused this installation's API credentials: check MAUTIC_CLIENT_ID and MAUTIC_CLIENT_SECRET.",
    mauticBadAnswer: 'Mautic gave an answer that could not be used (HTTP :status).',
    impersonationForbidden: 'Not while acting as another user: go back to your own account first.',
    impersonateAdmin: 'An admin cannot be impersonated.',
    userNotFound: 'No user has this id.',
    notImpersonating: 'This session is not an impersonation.',
    reviewCountChanged:
      'More comments match these filters now (:count) than the :expected you confirmed: nothing was changed. Confirm the new count.',
    inboxRulesFull: 'A project keeps at most :max inbox rules: delete one it no longer needs to add another.',
    savedRepliesFull: 'You keep at most :max saved replies: delete one you no longer use to save another.',
    inboxCountChanged:
      'More open comments match these filters now (:count) than the :expected you confirmed: nothing was marked done. Confirm the new count.',
    providerNotConfigured: ':provider is not configured on this installation.',
    oauthStateRefused:
      'This connection attempt is unknown, expired or already finished (a reload, or another browser): start it again.',
    providerUnreachable: ':provider could not be reached. Try again later.',
    providerRateLimited: ':provider asks us to slow down. Try again in a few minutes.',
    providerBadAnswer: ':provider gave an answer that could not be used. Try again later.',
    accountNeedsReconnect: ":provider no longer accepts this account's authorisation: reconnect it.",
    facebookNotLinked: 'This Facebook account is not linked to any user, or the user is not enabled.',
    replyNotPossible:
      'Replies go through a connected account: this channel came without one, or its kind takes no replies from here.',
    replyInProgress: 'This reply is still being posted. Wait a moment, then try again.',
    deleteNotPossible:
      'Comments are deleted through a connected account, on Facebook pages and Instagram accounts: this channel came without one, or its network does not let the app delete comments.',
    commentGoneAtProvider:
      ':provider no longer has this comment: it may have been deleted there. It leaves the list when :provider says so, at the latest at the next sync.',
    replyAttemptReused: 'This reply attempt was for another comment or other words: start the reply again.',
    emailTakenSinceRequest:
      'Another account has taken :email since you asked for it: your address has not changed. Ask again with another address.',
    tiktokImportRunning: "The import of :name's videos is under way: wait for it to end.",
    sentimentTrainingRunning:
      'A training on the reviews is under way: the panel shows its outcome once it ends. Train again after it if you like.',
    planLimitProjects: 'Your :plan plan includes :included projects, all in use.:upgrade',
    planLimitChannelsPerProject:
      'Your :plan plan includes :included channels per project, and this project follows them all.:upgrade',
    planLimitPublicReports: 'Your :plan plan does not include public report links.:upgrade',
    planLimitUpgradeCount: ':next includes :more.',
    planLimitUpgradeFeature: ':next includes them.',
    planLimitAnyNumber: 'any number',
  },
  it: {
    malformedJson: 'Il corpo JSON non è valido.',
    unauthenticated: 'Non autenticato.',
    invalidCredentials: 'Le credenziali non corrispondono ai nostri dati.',
    forbidden: 'Accesso negato.',
    crossOrigin: 'Questa richiesta è accettata solo dalle pagine dell’app.',
    sessionEndedEmailChanged:
      'Questa sessione è terminata perché l’indirizzo email dell’account è stato cambiato: tutte le altre sessioni sono state chiuse. Accedi di nuovo.',
    sessionEndedPasswordChanged:
      'Questa sessione è terminata perché la password dell’account è stata cambiata: tutte le altre sessioni sono state chiuse. Accedi di nuovo.',
    sessionEndedEverywhere:
      'Questa sessione è terminata perché l’account è uscito da tutti i dispositivi. Accedi di nuovo.',
    notFound: 'Non trovato.',
    unknownHost: 'Questo server risponde solo al proprio indirizzo. Aprilo dall’indirizzo con cui è stato avviato.',
    couponAlreadyRedeemed: 'Questo coupon è già stato utilizzato.',
    bodyTooLarge: 'Il corpo della richiesta è troppo grande.',
    bodyIncomplete: 'Il corpo della richiesta si è interrotto prima di arrivare per intero.',
    unsupportedMediaType: 'Content-Type deve essere application/json.',
    invalidData: 'I dati forniti non sono validi.',
    tooManyAttempts: 'Troppi tentativi. Riprova tra :wait.',
    serverError: 'Errore del server.',
    resetLinkSent:
      'Se questo indirizzo email è nei nostri archivi, ti abbiamo inviato un link per reimpostare la password.',
    passwordReset: 'La tua password è stata reimpostata.',
    facebookDeletionNotFound: 'Nessuna richiesta di cancellazione dei dati ha questo codice di stato.',
    webhookSignature: "L'intestazione X-Hub-Signature-256 manca o non firma questo corpo.",
    webhookVerification: 'Non è una sottoscrizione al webhook con il nostro token di verifica.',
    formOrJsonOnly: 'Content-Type deve essere application/x-www-form-urlencoded o application/json.',
    mauticNotConfigured: 'Mautic non è configurato: imposta MAUTIC_BASE_URL, MAUTIC_CLIENT_ID e MAUTIC_CLIENT_SECRET.',
    mauticUnreachable: 'Impossibile raggiungere Mautic. Riprova più tardi.',
    mauticClientRefused:
      'Mautic ha rifiutato le credenziali API di questa installazione: controlla MAUTIC_CLIENT_ID e MAUTIC_CLIENT_SECRET.',
    mauticBadAnswer: 'Mautic ha dato una risposta che non si può usare (HTTP :status).',
    impersonationForbidden: 'Non mentre agisci come un altro utente: torna prima al tuo account.',
    impersonateAdmin: 'Non è possibile accedere come un amministratore.',
    userNotFound: 'Nessun utente ha questo id.',
    notImpersonating: 'Questa sessione non è un accesso come un altro utente.',
    reviewCountChanged:
      'Ora questi filtri trovano più commenti (:count) dei :expected che hai confermato: non è stato cambiato nulla. Conferma il nuovo numero.',
    inboxRulesFull:
      "Un progetto tiene al massimo :max regole: eliminane una che non serve più per aggiungerne un'altra.",
    savedRepliesFull:
      "Puoi tenere al massimo :max risposte salvate: eliminane una che non usi più per salvarne un'altra.",
    inboxCountChanged:
      'Ora questi filtri trovano più commenti aperti (:count) dei :expected che hai confermato: nessuno è stato segnato come fatto. Conferma il nuovo numero.',
    providerNotConfigured: ':provider non è configurato su questa installazione.',
    oauthStateRefused:
      'Questo tentativo di collegamento è sconosciuto, scaduto o già concluso (un ricaricamento o un altro browser): ricomincia.',
    providerUnreachable: 'Impossibile raggiungere :provider. Riprova più tardi.',
    providerRateLimited: ':provider chiede di rallentare. Riprova tra qualche minuto.',
    providerBadAnswer: ':provider ha dato una risposta che non si può usare. Riprova più tardi.',
    accountNeedsReconnect: ":provider non accetta più l'autorizzazione di questo account: ricollegalo.",
    facebookNotLinked: "Questo account Facebook non è collegato a nessun utente, oppure l'utente non è abilitato.",
    replyNotPossible:
      'Le risposte passano da un account collegato: questo canale non ne ha uno, oppure il suo tipo non accetta risposte da qui.',
    replyInProgress: 'Questa risposta è ancora in pubblicazione. Attendi un momento, poi riprova.',
    deleteNotPossible:
      "I commenti si eliminano tramite un account collegato, sulle pagine Facebook e sugli account Instagram: questo canale non ne ha uno, oppure il suo social non permette all'app di eliminare commenti.",
    commentGoneAtProvider:
      ':provider non ha più questo commento: forse è stato eliminato lì. Esce dalla lista quando :provider lo comunica, al più tardi alla prossima sincronizzazione.',
    replyAttemptReused:
      'Questo tentativo di risposta era per un altro commento o per altre parole: ricomincia la risposta.',
    emailTakenSinceRequest:
      'Nel frattempo un altro account ha preso :email: il tuo indirizzo non è cambiato. Chiedi di nuovo con un altro indirizzo.',
    tiktokImportRunning: "L'importazione dei video di :name è in corso: attendi che finisca.",
    sentimentTrainingRunning:
      'È in corso un addestramento sulle revisioni: il pannello ne mostra l’esito quando finisce. Dopo puoi addestrare di nuovo.',
    planLimitProjects: 'Il tuo piano :plan include :included progetti, tutti già in uso.:upgrade',
    planLimitChannelsPerProject:
      'Il tuo piano :plan include :included canali per progetto, e questo progetto li segue già tutti.:upgrade',
    planLimitPublicReports: 'Il tuo piano :plan non include i link pubblici ai report.:upgrade',
    planLimitUpgradeCount: ':next ne include :more.',
    planLimitUpgradeFeature: ':next li include.',
    planLimitAnyNumber: 'un numero illimitato',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type MessageKey = keyof (typeof messages)['en'];

export const rules = {
  en: {
    required: 'The :attribute field is required.',
    string: 'The :attribute field must be a string.',
    email: 'The :attribute field must be a valid email address.',
    min: 'The :attribute field must be at least :param characters.',
    max: 'The :attribute field must not be greater than :param characters.',
    maxNumber: 'The :attribute field must not be greater than :param.',
    minNumber: 'The :attribute field must be at least :param.',
    maxItems: 'The :attribute field must not have more than :param items.',
    minItems: 'The :attribute field must have at least :param items.',
    uppercase: 'The :attribute field must contain at least one uppercase letter.',
    lowercase: 'The :attribute field must contain at least one lowercase letter.',
    in: 'The selected :attribute is invalid.',
    integer: 'The :attribute field must be a whole number of at least 1.',
    taken: 'The :attribute has already been taken.',
    resetToken: 'This password reset token is invalid or has expired.',
    object: 'The request body must be a JSON object.',
    control: 'The :attribute field must not contain control characters.',
    invalid: 'The :attribute field is invalid.',
    depth: 'The :attribute field is nested more than :param levels deep.',
    reservedKey: 'The :attribute field holds a key named :param, which is not taken.',
    signedRequestFormat:
      'The :attribute must be a signature and a JSON payload, each base64url-encoded, joined by a dot.',
    signedRequestSignature: "The :attribute's signature does not match: it was not signed with this app's secret.",
    signedRequestAlgorithm: 'The :attribute must be signed with HMAC-SHA256.',
    signedRequestUser: 'The :attribute names no Facebook user (user_id).',
    signedRequestIssuedAt:
      'The :attribute is not a current one: its issued_at is missing, more than an hour old, or ahead of now.',
    mauticCodeRefused: 'Mautic refused this authorization code: it is unknown, expired or already used.',
    providerCodeRefused: 'The provider refused this authorization code: it is unknown, expired or already used.',
    otherProviderAccount:
      'You signed in to a different account than the one to reconnect: sign in to that one, or add this one instead.',
    emailScopeMissing: 'Facebook did not share your email address: allow the app to see it to sign up.',
    boolean: 'The :attribute field must be true or false.',
    distinct: 'The :attribute field has a duplicate value.',
    prohibited: 'The :attribute field is not taken with this action.',
    notWithCursor: 'The :attribute field is not taken with after: a page goes by its number or by a cursor, not both.',
    currentPassword: 'The password is incorrect.',
    emailChangeNeedsPassword:
      'A new email address is asked for with your password and confirmed by a link sent to it (POST /v1.0/auth/email).',
    ruleWord: 'Each word or phrase of the :attribute field must be 2 to 100 characters, separated by commas.',
    ruleWords: 'The :attribute field holds at most 20 words or phrases.',
    ruleNeedsCondition: 'A rule looks for something: give words, a sentiment or a network.',
    ruleNeedsAction: 'A rule does something: choose at least one action.',
    variable: 'The :attribute field may name only the variables {firstName} and {pageName}, between braces.',
    sameEmail: 'This is already your email address.',
    emailChangeToken:
      'This link does not work: it was already used, a newer request replaced it, it has expired, or it is for another account.',
  },
  it: {
    required: 'Il campo :attribute è obbligatorio.',
    string: 'Il campo :attribute deve essere un testo.',
    email: 'Il campo :attribute deve essere un indirizzo email valido.',
    min: 'Il campo :attribute deve contenere almeno :param caratteri.',
    max: 'Il campo :attribute non può superare :param caratteri.',
    maxNumber: 'Il campo :attribute non può superare :param.',
    minNumber: 'Il campo :attribute deve essere almeno :param.',
    maxItems: 'Il campo :attribute non può avere più di :param elementi.',
    minItems: 'Il campo :attribute deve avere almeno :param elementi.',
    uppercase: 'Il campo :attribute deve contenere almeno una lettera maiuscola.',
    lowercase: 'Il campo :attribute deve contenere almeno una lettera minuscola.',
    in: 'Il valore selezionato per :attribute non è valido.',
    integer: 'Il campo :attribute deve essere un numero intero non inferiore a 1.',
    taken: 'Il valore del campo :attribute è già in uso.',
    resetToken: 'Questo token di reimpostazione della password non è valido o è scaduto.',
    object: 'Il corpo della richiesta deve essere un oggetto JSON.',
    control: 'Il campo :attribute non può contenere caratteri di controllo.',
    invalid: 'Il campo :attribute non è valido.',
    depth: 'Il campo :attribute è annidato per più di :param livelli.',
    reservedKey: 'Il campo :attribute contiene una chiave di nome :param, che non è accettata.',
    signedRequestFormat:
      'La :attribute deve essere composta da una firma e da un contenuto JSON, ciascuno in base64url, uniti da un punto.',
    signedRequestSignature:
      'La firma della :attribute non corrisponde: non è stata apposta con il segreto di questa app.',
    signedRequestAlgorithm: 'La :attribute deve essere firmata con HMAC-SHA256.',
    signedRequestUser: 'La :attribute non indica alcun utente Facebook (user_id).',
    signedRequestIssuedAt:
      'La :attribute non è attuale: il suo issued_at manca, risale a più di un’ora fa o è nel futuro.',
    mauticCodeRefused: 'Mautic ha rifiutato questo codice di autorizzazione: è sconosciuto, scaduto o già usato.',
    providerCodeRefused:
      'Il provider ha rifiutato questo codice di autorizzazione: è sconosciuto, scaduto o già usato.',
    otherProviderAccount:
      "Hai effettuato l'accesso a un account diverso da quello da ricollegare: accedi a quello, oppure aggiungi questo.",
    emailScopeMissing: "Facebook non ha condiviso il tuo indirizzo email: consenti all'app di vederlo per registrarti.",
    boolean: 'Il campo :attribute deve essere vero o falso.',
    distinct: 'Il campo :attribute contiene un valore duplicato.',
    prohibited: 'Il campo :attribute non è ammesso con questa azione.',
    notWithCursor:
      'Il campo :attribute non è ammesso insieme ad after: una pagina si chiede per numero o per cursore, non in entrambi i modi.',
    currentPassword: 'La password non è corretta.',
    emailChangeNeedsPassword:
      'Un nuovo indirizzo email si chiede con la tua password e si conferma con un link inviato a quell’indirizzo (POST /v1.0/auth/email).',
    ruleWord: 'Ogni parola o frase del campo :attribute deve avere da 2 a 100 caratteri, separate da virgole.',
    ruleWords: 'Il campo :attribute contiene al massimo 20 parole o frasi.',
    ruleNeedsCondition: 'Una regola cerca qualcosa: indica parole, un sentiment o un social.',
    ruleNeedsAction: "Una regola fa qualcosa: scegli almeno un'azione.",
    variable: 'Il campo :attribute può nominare solo le variabili {firstName} e {pageName}, tra parentesi graffe.',
    sameEmail: 'Questo è già il tuo indirizzo email.',
    emailChangeToken:
      'Questo link non funziona: è già stato usato, una richiesta più recente lo ha sostituito, è scaduto oppure è per un altro account.',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type Rule = keyof (typeof rules)['en'];

export const attributes: Record<Lang, Record<string, string>> = {
  en: {
    firstName: 'first name',
    authorName: 'author name',
    comments: 'comments',
    expectedTotal: 'expected total',
    inReview: 'in review',
    message: 'message',
    sentiment: 'sentiment',
    lastName: 'last name',
    language: 'language',
    page: 'page',
    pageNumber: 'page number',
    role: 'role',
    search: 'search',
    signed_request: 'signed request',
    title: 'title',
    words: 'words',
    actions: 'actions',
    network: 'network',
    name: 'name',
    user_id: 'Facebook user id',
  },
  it: {
    firstName: 'nome',
    authorName: "nome dell'autore",
    comments: 'commenti',
    expectedTotal: 'totale atteso',
    inReview: 'in revisione',
    message: 'messaggio',
    sentiment: 'sentiment',
    lastName: 'cognome',
    language: 'lingua',
    page: 'pagina',
    pageNumber: 'numero di pagina',
    role: 'ruolo',
    search: 'ricerca',
    signed_request: 'richiesta firmata',
    title: 'titolo',
    words: 'parole',
    actions: 'azioni',
    network: 'social',
    name: 'nome',
    user_id: 'id utente Facebook',
  },
};

/** A value for a message's placeholder: as it is, or worded for the language. */
export type MessageParam = string | number | ((lang: Lang) => string);
export type MessageParams = Record<string, MessageParam>;

export function message(lang: Lang, key: MessageKey, params: MessageParams = {}): string {
  return Object.entries(params).reduce<string>(
    (text, [name, value]) => text.replaceAll(`:${name}`, typeof value === 'function' ? value(lang) : String(value)),
    messages[lang][key],
  );
}

const UNITS = {
  en: { second: ['second', 'seconds'], minute: ['minute', 'minutes'], hour: ['hour', 'hours'] },
  it: { second: ['secondo', 'secondi'], minute: ['minuto', 'minuti'], hour: ['ora', 'ore'] },
} as const satisfies Record<Lang, Record<'second' | 'minute' | 'hour', readonly [string, string]>>;

/**
 * A wait in words a person reads at a glance: "45 seconds", "15 minutes", "1 hour", rounded up
 * to the unit (a Retry-After of 897 s reads "15 minutes").
 */
export function durationWords(lang: Lang, seconds: number): string {
  const [count, unit] =
    seconds < 60
      ? [Math.max(1, Math.ceil(seconds)), 'second' as const]
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute' as const]
        : [Math.ceil(seconds / 3600), 'hour' as const];
  return `${count} ${UNITS[lang][unit][count === 1 ? 0 : 1]}`;
}

/** A field message such as "The email field is required.", in `lang`. */
export function ruleMessage(lang: Lang, field: string, rule: string, param?: string): string {
  const template: string = rule in rules[lang] ? rules[lang][rule as Rule] : rules[lang].invalid;
  // An item of a list (`actions.0`) is named as its list is.
  const name = attributes[lang][field] ?? attributes[lang][field.replace(/\.\d+$/, '')] ?? field;
  return template.replaceAll(':attribute', name).replaceAll(':param', param ?? '');
}

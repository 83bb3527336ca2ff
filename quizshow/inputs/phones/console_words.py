"""What the console says about players' phones (runtime/web/phones.py): the seats' states, the accept and join
buttons, the codes panel. The phone page's own words are words.py's. Data only: quizshow/house_words.py composes it."""

from __future__ import annotations

PHRASES: dict[str, dict[str, str]] = {
    "ru": {
        "console.phones": "Телефоны {host}:{port} · подключено {n} из {seats}",
        "console.phone_waiting": "Второй телефон ждёт места «{name}»: подтвердите на консоли",
        "console.phone_rtt": "{name}: телефон, {ms} мс",
        "console.phones_rtt": " · связь до {ms} мс",
        "console.phone_syncing": "{name}: телефон, сверяем часы",
        "console.phone_untrusted": "{name}: часам телефона нет доверия (связь {ms} мс), нажатия — по приходу",
        "console.phone_none": "{name}: телефон не подключён",
        "console.phone_dropped": "{name}: телефон отключился, место ждёт его 5 мин",
        "refusal.there is nothing to stake now": "Сейчас ставку не делают",
        "console.no_phones": "Телефонов в этой игре нет (devices.web и buzzer: phone в файле игры)",
        "console.phone_accept": "Принять телефон: {name}",
        "console.phone_codes": "QR-коды (F6)",
        "console.phone_join": "Коды на экран (F7)",
        "console.phone_join_off": "Убрать коды (F7)",
        "console.phone_join_next": "Следующие коды (F7)",
        "console.phone_codes_title": "ТЕЛЕФОНЫ: QR-КОДЫ МЕСТ (Esc — закрыть)",
        "console.phone_accepted": "Телефон принят на место «{name}»",
        "console.follow_admit": "Впустить экран {host}",
        "console.follow_admitted": "Экран {host} впущен оператором",
        "console.follow_knocking": "Экран {host} знает код, но ждёт: кто-то подбирает код. "
                                   "Ваш? «Впустить экран {host}»",
        "console.phone_none_waiting": "Место «{name}»: второй телефон уже не ждёт",
        "action.join": "Коды на экран",
        "action.phone_codes": "QR-коды телефонов",
    },
    "en": {
        "console.phones": "Phones {host}:{port} · {n} of {seats} connected",
        "console.phone_waiting": "A second phone waits for seat «{name}»: accept it on the console",
        "console.phone_rtt": "{name}: phone, {ms} ms",
        "console.phones_rtt": " · round trips up to {ms} ms",
        "console.phone_syncing": "{name}: phone, syncing the clock",
        "console.phone_untrusted": "{name}: the phone's clock is not trusted ({ms} ms), presses count on arrival",
        "console.phone_none": "{name}: phone not connected",
        "console.phone_dropped": "{name}: phone dropped, its seat waits 5 min for it",
        "refusal.there is nothing to stake now": "there is nothing to stake now",
        "console.no_phones": "This show has no phones (devices.web and buzzer: phone in the show file)",
        "console.phone_accept": "Accept phone: {name}",
        "console.phone_codes": "QR codes (F6)",
        "console.phone_join": "Codes on screen (F7)",
        "console.phone_join_off": "Hide codes (F7)",
        "console.phone_join_next": "Next codes (F7)",
        "console.phone_codes_title": "PHONES: SEAT QR CODES (Esc to close)",
        "console.phone_accepted": "Phone accepted for seat «{name}»",
        "console.follow_admit": "Let in screen {host}",
        "console.follow_admitted": "Screen {host} let in by the operator",
        "console.follow_knocking": "Screen {host} knows the passcode but waits: someone is guessing. "
                                   "Yours? «Let in screen {host}»",
        "console.phone_none_waiting": "Seat «{name}»: no second phone waits any more",
        "action.join": "Codes on screen",
        "action.phone_codes": "Phone QR codes",
    },
}

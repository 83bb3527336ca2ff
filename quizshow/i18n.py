"""On-screen and console words: Russian by default, English as the second locale."""

from __future__ import annotations

import re
from collections.abc import Mapping

PHRASES: dict[str, dict[str, str]] = {
    "ru": {
        "banner.time_up": "Время!",
        "banner.time_over": "Время вышло!",
        "banner.false_start": "Фальстарт!",
        "banner.attention": "Внимание! Вопрос!",
        "scene.answers": "Отвечает {name}",
        "scene.auction_splash": "Аукцион!",
        "scene.round_over": "Раунд окончен",
        "scene.standings": "Положение",
        "scene.after_questions": "после {n} {n|вопроса|вопросов|вопросов}",
        "scene.right": "Верно",
        "scene.not_right": "Неверно",
        "scene.host_question": "Вопрос ведущего",
        "next.first_question": "Первый вопрос",
        "next.next_question": "Следующий вопрос",
        "phase.result": "Итог матча",
        "scene.scores": "Счёт",
        "scene.final_scores": "Итоги",
        "scene.winner": "Победитель",
        "scene.winners": "Победители",
        "scene.answer": "Ответ",
        "scene.question_no": "Вопрос {n}",
        "scene.points": "{n} {n|очко|очка|очков}",
        "scene.seconds": "{n|секунда|секунды|секунд}",
        "scene.answering": "Отвечает",
        "scene.no_image": "Нет изображения",
        "scene.video": "Видео",
        "scene.sound": "Звучит фрагмент",
        "scene.sound_clip": "Звуковой фрагмент",
        "scene.web_image": "Картинка из интернета",
        "scene.web_audio": "Звук из интернета",
        "scene.web_video": "Видео из интернета",
        "scene.web_html": "Веб-страница",
        "scene.web_not_shown": "на экран не выводится — ведущий покажет или перескажет",
        "console.sound": "ЗВУК",
        "console.sound_playing": "звучит сейчас: {file}",
        "console.sound_paused": "на паузе, пока отвечают: {file}",
        "console.sound_ready": "прозвучит с вопросом: {file}",
        "console.sound_missing": "Нет файла {file}: звук не прозвучит",
        "console.web": "ИЗ ИНТЕРНЕТА",
        "console.web_not_shown": "Не показывается на экране ({kinds}); адрес — в заметках ведущего",
        "next.none": "Нет следующего шага",
        "next.open_question": "Открыть следующий вопрос",
        "next.reveal": "Показать ответ",
        "next.judge_first": "Сначала оцените ответ (Y / N)",
        "next.show_scores": "Показать счёт",
        "next.winner": "Объявить победителя",
        "phase.title": "Заставка",
        "phase.question": "Вопрос",
        "phase.answering": "Ответ участника",
        "phase.reveal": "Ответ показан",
        "phase.scores": "Счёт",
        "phase.end": "Игра окончена",
        "console.typing": "{text}| — Enter: готово, Esc: отмена",
        "console.picture": "КАРТИНКА",
        "console.no_picture": "Нет файла {file}: на экране будет заглушка «Нет изображения»",
        "console.pictures_missing": "Нет {n} {n|картинки|картинок|картинок} из пакета: {files}",
        "journal.buzz": "Первое нажатие: {team}",
        "journal.buzz_later": "Нажатие: {team}, позже {margin}",
        "journal.false_start": "Фальстарт: {team}",
        "journal.correct": "{team}: верно, {points}",
        "journal.wrong": "{team}: неверно {loss}",
        "journal.score": "Счёт исправлен: {team} {points}",
        "journal.winner": "Объявлен победитель",
        "journal.match_result": "Матч окончен",
        "journal.team_removed": "{team} снята: {n} {n|штрафное очко|штрафных очка|штрафных очков}",
        "journal.final_start": "Начат финал",
        "journal.round_start": "Начат раунд {n}",
        "journal.reveal": "Показан ответ",
        "journal.announce": "«Внимание! Вопрос!»",
        "journal.timer_start": "Время пошло",
        "journal.timer_stop": "Время остановлено",
        "journal.time_up": "Время вышло",
        "journal.blank": "Экран затемнён",
        "journal.blank_off": "Экран открыт",
        "journal.scores": "Счёт на экране показан",
        "journal.scores_off": "Счёт убран с экрана",
        "journal.next_step": "{step}: следующий шаг",
        "journal.command": "Команда {what}",
        "journal.Tick": "Часы отсчитали время",
        "journal.player": "{team} ({player})",
        "journal.player_no": "игрок {n}",
        "journal.Resumed": "Показ продолжен после перезапуска, часы на паузе",
        "journal.StartOver": "Показ начат заново",
        "journal.Undo": "Последнее действие отменено",
        "journal.Buzz": "Нажатие: {team}",
        "journal.Judge": "Решение ведущего: {verdict}",
        "journal.ScoreAdd": "Счёт исправлен: {team} {points}",
        "journal.ScoreSet": "Счёт установлен: {team} {points}",
        "journal.TimerAdd": "Добавлено время: {seconds} с",
        "journal.TimerAdd_less": "Убавлено время: {seconds} с",
        "console.disc_stall": "Затяжка",
        "console.call_left": "Начать ответ: {s} с",
        "console.call_over": "Время на начало ответа вышло",
        "console.rule_problems": "Составы команд и правила",
        "console.team_size": "{name}: игроков {n}, по правилам {need}",
        "console.teams_count": "Команд {n}, по правилам {need}",
        "journal.Discipline": "{team}: отмечено нарушение или апелляция",
        "console.unassigned": "{spec}: эта кнопка ни за кем не закреплена",
        "console.pad_added": "Геймпад {n} подключён: {name}",
        "console.pad_removed": "Геймпад {n} отключён: {name}",
        "console.assign_cancelled": "Назначение кнопок отменено",
        "console.assign_press": "Назначение кнопок: «{name}», нажмите свою кнопку",
        "console.assign_taken": "{spec} уже назначена другому участнику",
        "console.assign_saved": "Кнопки назначены и сохранены: {path}",
        "console.box_lost": "{id} потерян {time} · {problem}",
        "console.box_down": "{id}: {problem}",
        "console.box_problem.missing": "порт не найден",
        "console.box_problem.permission": "нет прав на порт (группа dialout)",
        "console.box_problem.busy": "порт занят другой программой",
        "console.box_problem.silent": "молчит больше 2 с",
        "console.box_problem.no_box": "пульт с таким id не найден",
        "console.box_problem.unplugged": "отключён",
        "console.box_problem.not_serial": "это не последовательный порт",
        "console.box_problem.connecting": "подключается…",
        "console.box_problem.stuck": "не принимает команды (лампы не следуют)",
        "console.line_check": "ПРОВЕРКА КНОПОК (F9 — выход)",
        "console.box_line": "{id} · {port} · прошивка {fw} · отклик {rtt} · нажатие {last} · "
                            "потеряно строк {lost} · мусор {dropped} · {state}",
        "console.box_ok": "на связи",
        "console.osc": "OSC {host}:{port} · источников {peers}",
        "console.phones": "Телефоны {host}:{port} · подключено {n} из {seats}",
        "console.phone_waiting": "Второй телефон ждёт места «{name}»: подтвердите на консоли",
        "console.phone_rtt": "{name}: телефон, {ms} мс",
        "console.phones_rtt": " · связь до {ms} мс",
        "console.phone_syncing": "{name}: телефон, сверяем часы",
        "console.phone_none": "{name}: телефон не подключён",
        "refusal.there is nothing to stake now": "Сейчас ставку не делают",
        "console.no_phones": "Телефонов в этой игре нет (devices.web и buzzer: phone в файле игры)",
        "console.phone_accept": "Принять телефон: {name}",
        "console.phone_codes": "QR-коды (F6)",
        "console.phone_join": "Коды на экран (F7)",
        "console.phone_join_off": "Убрать коды (F7)",
        "console.phone_join_next": "Следующие коды (F7)",
        "console.phone_codes_title": "ТЕЛЕФОНЫ: QR-КОДЫ МЕСТ (Esc — закрыть)",
        "console.phone_accepted": "Телефон принят на место «{name}»",
        "console.phone_none_waiting": "Место «{name}»: второй телефон уже не ждёт",
        "action.join": "Коды на экран",
        "action.phone_codes": "QR-коды телефонов",
        "console.web_port_busy": "Веб-сервер: порт {port} занят — телефоны не подключатся",
        "console.web_cannot_listen": "Веб-сервер: нельзя слушать {host}:{port} ({why})",
        "console.osc_denied": "OSC: {host} не в списке разрешённых (devices.osc.allow)",
        "console.osc_locked": "OSC: {host} заблокирован на {seconds} с после неверных паролей",
        "console.osc_guessing": "OSC: кто-то подбирает пароль — {count} неверных с {sources} адресов ({hosts}); "
                                "им вход закрыт на {seconds} с",
        "console.osc_admit": "Впустить {host}:{port}",
        "console.osc_admitted": "OSC: пульт {host}:{port} впущен оператором",
        "console.osc_dropped": "OSC: {count} {count|сообщение отброшено|сообщения отброшены|сообщений отброшено} "
                               "(перегрузка) от {host}",
        "console.osc_cannot_listen": "OSC: не удалось открыть {host}:{port}: {why}",
        "console.osc_port_busy": "Порт {port} занят другой программой: OSC не работает",
        "console.osc_malformed": "OSC: {count} испорченных пакетов от {host}",
        "console.journal_repaired": "Журнал: удалена недописанная последняя строка (эта команда не была подтверждена)",
        "console.journal_damaged": "Журнал повреждён в строке {line} ({what}); не восстановлено строк: {lost}; "
                                   "весь файл сохранён как {kept}",
        "console.journal_short": "Журнал обрезан: после строки {line} нет {lost} подтверждённых команд; "
                                 "весь файл сохранён как {kept}",
        "console.internal_error": "Внутренняя ошибка при вводе (подробности в журнале программы); шоу продолжается",
        "console.draw_error": "Сбой: {what} — кадр пропущен, подробности в журнале программы",
        "console.part.projector": "экран проектора",
        "console.part.console": "пульт",
        "console.part.tick": "такт шоу",
        "console.part.next": "подготовка следующей картинки",
        "console.no_boxes": "Кнопочные пульты не подключены",
        "console.ago": "{s} с назад",
        "console.pressed": "нажата!",
        "console.press_now": "нажмите кнопку",
        "action.linecheck": "Проверка",
        "action.assign": "Кнопки",
        "scene.line_check": "Проверка кнопок",
        "scene.press_your_button": "нажмите свою кнопку",
        "console.next": "ДАЛЕЕ:",
        "console.question": "ВОПРОС",
        "console.answer": "ОТВЕТ",
        "console.accept": "зачесть",
        "console.comment": "КОММЕНТАРИЙ",
        "console.for_host": "ВЕДУЩЕМУ",
        "console.presses": "НАЖАТИЯ",
        "console.press": "нажатие",
        "console.keyboard_buzzers": "Клавиатура: кнопки 1–{n}",
        "console.keyboard": "Клавиатура: {keys}",
        "console.kb_digits": "кнопки {keys}",
        "console.kb_none": "нет кнопки: {teams}",
        "console.kb_team": "команда {n}",
        "console.kb_teams": "команды {n}",
        "console.more_devices": "и ещё {n} на связи",
        "unit.ms": "мс",
        "unit.s": "с",
        "device.keyboard": "клавиатура",
        "device.console": "пульт",
        "console.no_presses": "нажатий пока нет",
        "console.next_held": "«Далее» не сработало: только что нажали кнопку (пауза {s}). Ещё раз — «{next}»",
        "console.next_held_blocked": "Только что нажали кнопку: {next}",
        "console.nothing_done": "Сейчас это ничего не меняет",
        "console.out": "выбыли",
        "console.teams": "УЧАСТНИКИ",
        "console.choose_team": "Нажмите на команду, чтобы менять её счёт",
        "console.journal": "ЖУРНАЛ",
        "console.devices": "УСТРОЙСТВА",
        "console.preview": "ПРОЕКТОР",
        "console.undo": "Отменить: {what}",
        "console.nothing_to_undo": "Отменять нечего",
        "console.undone": "Отменено: {what}",
        "console.undo_far": "Проектор вернётся к: {where}. {n|Пропадёт|Пропадут|Пропадут} ещё {n} "
                            "{n|шаг|шага|шагов}. Нажмите «Отменить» ещё раз",
        "console.undo_far_button": "Отменить (2×): {what}; проектор вернётся к: {where}",
        "console.undo_confirm": "Отменить записанный результат ({what})? Нажмите ещё раз",
        "console.undo_confirm_button": "Отменить результат (2×): {what}",
        "where.question": "вопрос {n}",
        "console.undone_mark": "отменено",
        "console.projector_blank": "ПРОЕКТОР ЗАТЕМНЁН",
        "console.round": "раунд {n}",
        "console.question_no": "вопрос {n} из {of}",
        "console.quit_confirm": "Выйти? Нажмите ещё раз",
        "console.help_title": "КЛАВИШИ",
        "console.help_buzzer": "Кнопка: {team}",
        "console.help_amount": "Сумма (ставка, аукцион)",
        "console.resumed": "Продолжено: {where} (последняя запись в {time})",
        "console.journal_elsewhere": "Журнал: {path}",
        "console.resumed_at": "раунд {round}, вопрос {question}",
        "console.finished_hint": "Игра уже окончена. «Начать заново» начнёт новую; старый журнал сохранится",
        "console.start_over_confirm": "Начать игру заново? Нажмите ещё раз",
        "console.started_over": "Игра начата заново; старый журнал сохранён рядом",
        "action.start_over": "Начать заново",
        "action.go": "Далее",
        "action.back": "Назад",
        "action.timer": "Время!",
        "action.correct": "Верно",
        "action.wrong": "Неверно",
        "action.blank": "Затемнить",
        "action.unblank": "Открыть",
        "action.scores": "Счёт",
        "action.announce": "Внимание!",
        "action.undo": "Отменить",
        "action.help": "Клавиши",
        "action.quit": "Выход",
        "key.PAGEDOWN": "PgDn",
        "key.PAGEUP": "PgUp",
        "key.RIGHT": "стрелка вправо",
        "key.LEFT": "стрелка влево",
        "key.SPACE": "Пробел",
        "key.ESCAPE": "Esc",
        "key.PERIOD": "точка",
        "key.MINUS": "минус",
        "key.PLUS": "плюс",
        "key.EQUALS": "=",
        "key.KP_PLUS": "плюс (цифр. блок)",
        "key.KP_MINUS": "минус (цифр. блок)",
        "key.SLASH": "/",
        "key.BACKSPACE": "Backspace",
        "action.escape": "Закрыть подсказку или вопрос",
    },
    "en": {
        "banner.time_up": "Time!",
        "banner.time_over": "Time is up!",
        "banner.false_start": "False start!",
        "banner.attention": "Attention! Question!",
        "scene.answers": "{name} answers",
        "scene.auction_splash": "Auction!",
        "scene.round_over": "End of the round",
        "scene.standings": "Standings",
        "scene.after_questions": "after {n} {n|question|questions}",
        "scene.right": "Correct",
        "scene.not_right": "Wrong",
        "scene.host_question": "The host's question",
        "next.first_question": "The first question",
        "next.next_question": "Next question",
        "phase.result": "Match result",
        "scene.scores": "Scores",
        "scene.final_scores": "Final scores",
        "scene.winner": "Winner",
        "scene.winners": "Winners",
        "scene.answer": "Answer",
        "scene.question_no": "Question {n}",
        "scene.points": "{n} {n|point|points}",
        "scene.seconds": "{n|second|seconds}",
        "scene.answering": "Answering",
        "scene.no_image": "No image",
        "scene.video": "Video",
        "scene.sound": "A clip is playing",
        "scene.sound_clip": "A sound clip",
        "scene.web_image": "A picture from the web",
        "scene.web_audio": "A sound from the web",
        "scene.web_video": "A video from the web",
        "scene.web_html": "A web page",
        "scene.web_not_shown": "not shown on screen — the host shows or retells it",
        "console.sound": "SOUND",
        "console.sound_playing": "playing now: {file}",
        "console.sound_paused": "paused while answering: {file}",
        "console.sound_ready": "plays with the question: {file}",
        "console.sound_missing": "No file {file}: the sound will not play",
        "console.web": "FROM THE WEB",
        "console.web_not_shown": "Not shown on screen ({kinds}); the address is in the host notes",
        "next.none": "Nothing next",
        "next.open_question": "Open the next question",
        "next.reveal": "Reveal the answer",
        "next.judge_first": "Judge the answer first (Y / N)",
        "next.show_scores": "Show the scores",
        "next.winner": "Announce the winner",
        "phase.title": "Title",
        "phase.question": "Question",
        "phase.answering": "Answering",
        "phase.reveal": "Answer shown",
        "phase.scores": "Scores",
        "phase.end": "Game over",
        "console.typing": "{text}| — Enter: done, Esc: cancel",
        "console.picture": "PICTURE",
        "console.no_picture": "No file {file}: the screen will show the «No picture» placeholder",
        "console.pictures_missing": "{n} {n|picture|pictures} of the pack missing: {files}",
        "journal.buzz": "First to press: {team}",
        "journal.buzz_later": "Press: {team}, later {margin}",
        "journal.false_start": "False start: {team}",
        "journal.correct": "{team}: correct, {points}",
        "journal.wrong": "{team}: wrong {loss}",
        "journal.score": "Score corrected: {team} {points}",
        "journal.winner": "Winner announced",
        "journal.match_result": "Match over",
        "journal.team_removed": "{team} removed: {n} penalty {n|point|points}",
        "journal.final_start": "Final started",
        "journal.round_start": "Round {n} started",
        "journal.reveal": "Answer shown",
        "journal.announce": "«Attention! Question!»",
        "journal.timer_start": "Clock started",
        "journal.timer_stop": "Clock stopped",
        "journal.time_up": "Time is up",
        "journal.blank": "Screen blanked",
        "journal.blank_off": "Screen shown again",
        "journal.scores": "Score overlay shown",
        "journal.scores_off": "Score overlay hidden",
        "journal.next_step": "{step}: next step",
        "journal.command": "Command {what}",
        "journal.Tick": "The clock ran on",
        "journal.player": "{team} ({player})",
        "journal.player_no": "player {n}",
        "journal.Resumed": "Show resumed after a restart, the clock held",
        "journal.StartOver": "Show started over",
        "journal.Undo": "Last action undone",
        "journal.Buzz": "Press: {team}",
        "journal.Judge": "Host's ruling: {verdict}",
        "journal.ScoreAdd": "Score corrected: {team} {points}",
        "journal.ScoreSet": "Score set: {team} {points}",
        "journal.TimerAdd": "Time added: {seconds} s",
        "journal.TimerAdd_less": "Time taken off: {seconds} s",
        "console.disc_stall": "Stalling",
        "console.call_left": "Start the answer: {s} s",
        "console.call_over": "Time to start the answer is over",
        "console.rule_problems": "Team sizes and the rules",
        "console.team_size": "{name}: {n} players, the rules say {need}",
        "console.teams_count": "{n} teams, the rules say {need}",
        "journal.Discipline": "discipline: {team}",
        "console.unassigned": "{spec}: this button belongs to no team",
        "console.pad_added": "Gamepad {n} connected: {name}",
        "console.pad_removed": "Gamepad {n} removed: {name}",
        "console.assign_cancelled": "Buzzer assignment cancelled",
        "console.assign_press": "Assigning buzzers: «{name}», press your button",
        "console.assign_taken": "{spec} already belongs to another team",
        "console.assign_saved": "Buzzers assigned and saved: {path}",
        "console.box_lost": "{id} lost {time} · {problem}",
        "console.box_down": "{id}: {problem}",
        "console.box_problem.missing": "port not found",
        "console.box_problem.permission": "no permission for the port (dialout group)",
        "console.box_problem.busy": "port taken by another program",
        "console.box_problem.silent": "silent for over 2 s",
        "console.box_problem.no_box": "no box with this id",
        "console.box_problem.unplugged": "unplugged",
        "console.box_problem.not_serial": "not a serial port",
        "console.box_problem.connecting": "connecting…",
        "console.box_problem.stuck": "takes no commands (lamps not following)",
        "console.line_check": "BUZZER CHECK (F9 to leave)",
        "console.box_line": "{id} · {port} · firmware {fw} · round trip {rtt} · press {last} · "
                            "lost lines {lost} · garbage {dropped} · {state}",
        "console.box_ok": "connected",
        "console.osc": "OSC {host}:{port} · {peers} peers",
        "console.phones": "Phones {host}:{port} · {n} of {seats} connected",
        "console.phone_waiting": "A second phone waits for seat «{name}»: accept it on the console",
        "console.phone_rtt": "{name}: phone, {ms} ms",
        "console.phones_rtt": " · round trips up to {ms} ms",
        "console.phone_syncing": "{name}: phone, syncing the clock",
        "console.phone_none": "{name}: phone not connected",
        "refusal.there is nothing to stake now": "there is nothing to stake now",
        "console.no_phones": "This show has no phones (devices.web and buzzer: phone in the show file)",
        "console.phone_accept": "Accept phone: {name}",
        "console.phone_codes": "QR codes (F6)",
        "console.phone_join": "Codes on screen (F7)",
        "console.phone_join_off": "Hide codes (F7)",
        "console.phone_join_next": "Next codes (F7)",
        "console.phone_codes_title": "PHONES: SEAT QR CODES (Esc to close)",
        "console.phone_accepted": "Phone accepted for seat «{name}»",
        "console.phone_none_waiting": "Seat «{name}»: no second phone waits any more",
        "action.join": "Codes on screen",
        "action.phone_codes": "Phone QR codes",
        "console.web_port_busy": "Web server: port {port} is taken — phones cannot join",
        "console.web_cannot_listen": "Web server: cannot listen on {host}:{port} ({why})",
        "console.osc_denied": "OSC: {host} is not allowed (devices.osc.allow)",
        "console.osc_locked": "OSC: {host} locked for {seconds} s after wrong passcodes",
        "console.osc_guessing": "OSC: someone is guessing the passcode — {count} wrong from {sources} addresses "
                                "({hosts}); closed to them for {seconds} s",
        "console.osc_admit": "Let in {host}:{port}",
        "console.osc_admitted": "OSC: desk {host}:{port} let in by the operator",
        "console.osc_dropped": "OSC: {count} {count|message|messages} dropped (overload) from {host}",
        "console.osc_cannot_listen": "OSC: cannot listen on {host}:{port}: {why}",
        "console.osc_port_busy": "Port {port} is used by another program: OSC is off",
        "console.osc_malformed": "OSC: {count} malformed from {host}",
        "console.journal_repaired": "Journal: an unfinished last line was removed (never acknowledged)",
        "console.journal_damaged": "Journal damaged at line {line} ({what}); lines not restored: {lost}; "
                                   "the whole file is kept as {kept}",
        "console.journal_short": "Journal cut short: after line {line}, {lost} acknowledged commands are missing; "
                                 "the whole file is kept as {kept}",
        "console.internal_error": "Internal error while applying an input (see the log); the show goes on",
        "console.draw_error": "Failed: {what} — frame skipped, see the log",
        "console.part.projector": "the projector picture",
        "console.part.console": "the console",
        "console.part.tick": "the show's tick",
        "console.part.next": "preparing the next picture",
        "console.no_boxes": "No serial boxes",
        "console.ago": "{s} s ago",
        "console.pressed": "pressed!",
        "console.press_now": "press the button",
        "action.linecheck": "Check",
        "action.assign": "Buzzers",
        "scene.line_check": "Buzzer check",
        "scene.press_your_button": "press your button",
        "console.next": "NEXT:",
        "console.question": "QUESTION",
        "console.answer": "ANSWER",
        "console.accept": "accept",
        "console.comment": "COMMENT",
        "console.for_host": "FOR THE HOST",
        "console.presses": "PRESSES",
        "console.press": "press",
        "console.keyboard_buzzers": "Keyboard: buttons 1–{n}",
        "console.keyboard": "Keyboard: {keys}",
        "console.kb_digits": "buttons {keys}",
        "console.kb_none": "no button: {teams}",
        "console.kb_team": "team {n}",
        "console.kb_teams": "teams {n}",
        "console.more_devices": "and {n} more working",
        "unit.ms": "ms",
        "unit.s": "s",
        "device.keyboard": "keyboard",
        "device.console": "console",
        "console.no_presses": "no presses yet",
        "console.next_held": "Next did nothing: a buzzer was just pressed (a {s} pause). Again: «{next}»",
        "console.next_held_blocked": "A buzzer was just pressed: {next}",
        "console.nothing_done": "This changes nothing now",
        "console.out": "out",
        "console.teams": "TEAMS",
        "console.choose_team": "Click a team to change its score",
        "console.journal": "JOURNAL",
        "console.devices": "DEVICES",
        "console.preview": "PROJECTOR",
        "console.undo": "Undo: {what}",
        "console.nothing_to_undo": "Nothing to undo",
        "console.undone": "Undone: {what}",
        "console.undo_far": "The projector goes back to: {where}. {n} later {n|step goes|steps go} too. "
                            "Press «Undo» again",
        "console.undo_far_button": "Undo (2×): {what}; the projector goes back to: {where}",
        "console.undo_confirm": "Take back a recorded result ({what})? Press again",
        "console.undo_confirm_button": "Take back the result (2×): {what}",
        "where.question": "question {n}",
        "console.undone_mark": "undone",
        "console.projector_blank": "PROJECTOR BLANKED",
        "console.round": "round {n}",
        "console.question_no": "question {n} of {of}",
        "console.quit_confirm": "Quit? Press again",
        "console.help_title": "KEYS",
        "console.help_buzzer": "Team {team}'s buzzer",
        "console.help_amount": "Amount (a stake, a bid)",
        "console.resumed": "Resumed: {where} (last entry at {time})",
        "console.journal_elsewhere": "Journal: {path}",
        "console.resumed_at": "round {round}, question {question}",
        "console.finished_hint": "The game is over. «Start over» begins a new one; the old journal is kept",
        "console.start_over_confirm": "Start the game over? Press again",
        "console.started_over": "Started over; the old journal is kept beside the new one",
        "action.start_over": "Start over",
        "action.go": "Next",
        "action.back": "Back",
        "action.timer": "Time!",
        "action.correct": "Correct",
        "action.wrong": "Wrong",
        "action.blank": "Blank",
        "action.unblank": "Unblank",
        "action.scores": "Scores",
        "action.announce": "Attention!",
        "action.undo": "Undo",
        "action.help": "Keys",
        "action.quit": "Quit",
        "key.PAGEDOWN": "PgDn",
        "key.PAGEUP": "PgUp",
        "key.RIGHT": "Right arrow",
        "key.LEFT": "Left arrow",
        "key.SPACE": "Space",
        "key.ESCAPE": "Esc",
        "key.PERIOD": "Period",
        "key.MINUS": "Minus",
        "key.PLUS": "Plus",
        "key.EQUALS": "=",
        "key.KP_PLUS": "Keypad plus",
        "key.KP_MINUS": "Keypad minus",
        "key.SLASH": "/",
        "key.BACKSPACE": "Backspace",
        "action.escape": "Close the help or a prompt",
    },
}


def add_phrases(tables: Mapping[str, Mapping[str, str]]) -> None:
    """A format's own phrases (FormatSpec.phrases), added by the composition root for the show it runs.
    A key the shared table already has with other words is a mistake, not an override."""
    for language, table in tables.items():
        known = PHRASES.setdefault(language, {})
        for key, text in table.items():
            if known.get(key, text) != text:
                raise ValueError(f"phrase '{key}' ({language}) is already defined with other words")
            known[key] = text


NBSP = "\u00a0"  # a no-break space: «№\u00a05», «в\u00a0Москве»
THIN = "\u202f"  # a narrow no-break space: the thousands separator, «12\u202f500»
MINUS = "\u2212"  # a real minus: «−10», never a hyphen


def plural_form(n: int, forms: tuple[str, ...] | list[str], language: str = "ru") -> str:
    """The form of a word for the number n: Russian one/few/many («1 очко», «2 очка», «5 очков»,
    «11 очков», «21 очко»), English one/other. The one plural rule every phrase uses."""
    n = abs(int(n))
    if language == "ru" and len(forms) >= 3:
        if n % 10 == 1 and n % 100 != 11:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if n == 1 else forms[-1]


def number(n: int | float, signed: bool = False) -> str:
    """A number as it goes on air and on the console: a real minus, and thousands apart by a narrow
    no-break space from five digits on (Russian typesetting: «1200», «12\u202f500», «−300»)."""
    value = int(round(n))
    digits = str(abs(value))
    if len(digits) >= 5:
        groups: list[str] = []
        while digits:
            groups.insert(0, digits[-3:])
            digits = digits[:-3]
        digits = THIN.join(groups)
    sign = MINUS if value < 0 else ("+" if signed and value > 0 else "")
    return sign + digits


def decimal(value: float, places: int | None = 1, language: str = "ru", signed: bool = False) -> str:
    """The one formatter of a number with a fraction, on the console and on air: the locale's decimal mark
    (a comma in Russian: «2,7»), a real minus, `places` digits after it (None: as few as it needs, «2,5»,
    «48»)."""
    digits = f"{abs(value):g}" if places is None else f"{abs(value):.{places}f}"
    zero = float(digits) == 0
    sign = MINUS if value < 0 and not zero else ("+" if signed and value > 0 and not zero else "")
    return sign + (digits.replace(".", ",") if language == "ru" else digits)


def duration(seconds: float, language: str = "ru", signed: bool = False) -> str:
    """A time gap (a press behind the first, a round trip): below a second in milliseconds, else in
    seconds, one decimal, in the locale's decimal mark: «0,3 мс», «953,7 мс», «2,7 с», «11,4 с»."""
    if abs(seconds) < 1:
        return f"{decimal(seconds * 1000, 1, language, signed)} {phrase('unit.ms', language)}"
    return f"{decimal(seconds, 1, language, signed)} {phrase('unit.s', language)}"


_RAW = {"port", "fw", "id"}  # numbers that are names, not amounts: no thousands separator
# «{n|очко|очка|очков}» in a phrase: the form of the word for the value named n.
_PLURAL = re.compile(r"\{(\w+)\|([^{}]*)\}")


def phrase(key: str, language: str = "ru", **values: object) -> str:
    """A phrase with its values: whole numbers as `number` writes them, words after a number in their
    plural form (`{n|секунда|секунды|секунд}`)."""
    table = PHRASES.get(language, PHRASES["ru"])
    text = table.get(key) or PHRASES["ru"].get(key) or key
    if "|" in text:
        text = _PLURAL.sub(lambda m: plural_form(_count(values.get(m[1], 0)), m[2].split("|"), language), text)
    if not values:
        return text
    shown = {k: number(v) if isinstance(v, int) and not isinstance(v, bool) and k not in _RAW else v
             for k, v in values.items()}
    return text.format(**shown)


def _count(value: object) -> int:
    try:
        return int(str(value).replace(THIN, "").replace(MINUS, "-"))
    except ValueError:
        return 0


# Why a command was refused: the formats' English templates and their Russian wording.
REFUSALS_RU: dict[str, str] = {
    "disk full: the command was not journalled": "Диск заполнен — команда не записана",
    "the journal cannot be written ({why}): the command was not journalled":
        "Журнал не записывается ({why}) — команда не записана",
    "nothing to undo": "Отменять нечего",
    "nothing to go back to": "Назад некуда",
    "the clock cannot start now": "Часы сейчас не запустить",
    "the clock is not running": "Часы не идут",
    "there is no clock to change": "Нет часов, которые можно изменить",
    "there is no team {n}": "Участника {n} нет",
    "{command} is not used by format {format}": "Команда {command} не используется в формате {format}",
    "already answering": "Уже отвечают",
    "buzzers are closed": "Кнопки сейчас закрыты",
    "judge the answer first": "Сначала оцените ответ",
    "the show is over": "Игра окончена",
    "nobody is answering": "Никто не отвечает",
    "{name} is out of this question": "{name}: уже выбыли из этого вопроса",
    "the game is over": "Игра окончена",
    "there is nothing to pick now": "Сейчас нечего выбирать",
    "too late: pressed after the time ran out": "Поздно: кнопка нажата после конца времени",
    "{name} is not answering": "{name} сейчас не отвечает",
    "{name} still has {s} s to start the answer": "{name}: на начало ответа ещё {s} с",
    "{name} does not play this question": "{name} не играет этот вопрос",
    "{name} is already answering": "{name} уже отвечает",
    "{name} is not at a table": "{name} не за игровым столом",
    "unknown discipline step {what}": "Неизвестное действие {what}",
    "a score must stay within ±{max}": "Счёт должен оставаться в пределах ±{max}",
    "the clock is over for this question": "Время этого вопроса уже закончилось",
    "a clock holds at most {max} s": "На часах может быть не больше {max} с",
    "an amount is at most {max}": "Сумма — не больше {max}",
    "taking back a recorded result needs a confirmation": "Отмена записанного результата — только с подтверждением",
}


# A format words its own refusals in its phrases: "refusal." + the English template -> the words.
REFUSAL = "refusal."


def add_refusals(table: Mapping[str, str]) -> None:
    """A format's own refusals in Russian (FormatSpec.refusals), added with its phrases."""
    for template, text in table.items():
        if REFUSALS_RU.get(template, text) != text:
            raise ValueError(f"refusal {template!r} is already said otherwise")
        REFUSALS_RU[template] = text


def refusal(template: str, values: dict[str, object], language: str = "ru") -> str:
    """A refusal in the console's language (English is the templates' own)."""
    own = PHRASES.get(language, {}).get(REFUSAL + template)  # a format's own (its spec's phrases)
    text = own or (REFUSALS_RU.get(template, template) if language == "ru" else template)
    values = {k: decimal(v, None, language) if isinstance(v, float) else v for k, v in values.items()}
    return text.format(**values) if values else text

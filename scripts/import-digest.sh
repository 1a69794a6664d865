#!/bin/bash
# import-digest.sh DB: checksums of what a calendar import leaves (docs/performance.md, session 10):
# the task rows without their timestamps, the journal with createdAt/updatedAt taken out of its
# JSON, the full-text index instances, the triggers and FTS config; compare two databases.
db=$1
q() { sqlite3 "$db" "$1" | md5sum | cut -c1-12; }
echo "tasks  $(sqlite3 $db 'SELECT count(*) FROM task') $(q "SELECT id,uid,title,notes,dueDate,dueTime,durationMinutes,category,priority,completed,completedAt,recurrence,list,alertMinutes,snoozedUntil,alertedThrough,extra FROM task ORDER BY id")"
echo "journal $(sqlite3 $db 'SELECT count(*) FROM journalRow') $(q "SELECT id,entryId,tableName,rowId,json_remove(before,'\$.createdAt','\$.updatedAt'),json_remove(after,'\$.createdAt','\$.updatedAt') FROM journalRow ORDER BY id") entries $(q "SELECT id,area,label FROM journalEntry ORDER BY id")"
echo "fts    $(q "CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, task_ft, instance); SELECT term,doc,col,offset FROM temp.v ORDER BY 1,2,3,4")"
echo "integrity $(sqlite3 $db 'PRAGMA integrity_check') counters $(q 'SELECT * FROM changeCounter') triggers $(q "SELECT name, sql FROM sqlite_master WHERE type='trigger' ORDER BY name") config $(q 'SELECT * FROM task_ft_config')"

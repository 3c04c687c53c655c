#!/usr/bin/python3
"""A freedesktop notification server for the reminder's tests (Debian's python3-dbus and
python3-gi), on the session bus of $DBUS_SESSION_BUS_ADDRESS.

    notification_server.py FILE

Each Notify call is appended to FILE as one JSON line (app name, icon, summary, body, hints).
Prints "ready" once it owns org.freedesktop.Notifications, then runs until killed.
"""

import json
import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

INTERFACE = "org.freedesktop.Notifications"
output = sys.argv[1]


class Notifications(dbus.service.Object):
    count = 0

    @dbus.service.method(INTERFACE, in_signature="susssasa{sv}i", out_signature="u")
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout):
        Notifications.count += 1
        record = {
            "app_name": str(app_name),
            "app_icon": str(app_icon),
            "summary": str(summary),
            "body": str(body),
            "hints": sorted(str(key) for key in hints.keys()),
        }
        with open(output, "a") as file:
            file.write(json.dumps(record) + "\n")
        return dbus.UInt32(Notifications.count)

    @dbus.service.method(INTERFACE, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return ["body", "body-markup", "icon-static"]

    @dbus.service.method(INTERFACE, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return ("daybook-test", "Daybook", "1", "1.2")

    @dbus.service.method(INTERFACE, in_signature="u", out_signature="")
    def CloseNotification(self, identifier):
        pass


dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
bus = dbus.SessionBus()
name = dbus.service.BusName(INTERFACE, bus)
Notifications(bus, "/org/freedesktop/Notifications")
print("ready", flush=True)
GLib.MainLoop().run()

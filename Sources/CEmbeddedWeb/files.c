// The web journal's templates and the files behind static/, by #embed as CEmbedded's list
// (docs/embedded-files.md). Its own target so that only `daybook` and the tests link it: editing
// a template relinks those, not every program.
//
// To add a file: an array below and a row in `files`; EmbeddedTests check the rest.
#include "cembeddedweb.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char template_head[] = {
#embed "../DaybookWeb/Templates/mustache/head.mustache"
};
static const unsigned char template_foot[] = {
#embed "../DaybookWeb/Templates/mustache/foot.mustache"
};
static const unsigned char template_tiles[] = {
#embed "../DaybookWeb/Templates/mustache/tiles.mustache"
};
static const unsigned char template_tile[] = {
#embed "../DaybookWeb/Templates/mustache/tile.mustache"
};
static const unsigned char template_sections[] = {
#embed "../DaybookWeb/Templates/mustache/sections.mustache"
};
static const unsigned char template_fact[] = {
#embed "../DaybookWeb/Templates/mustache/fact.mustache"
};
static const unsigned char template_timeline[] = {
#embed "../DaybookWeb/Templates/mustache/timeline.mustache"
};
static const unsigned char template_search[] = {
#embed "../DaybookWeb/Templates/mustache/search.mustache"
};
static const unsigned char template_onThisDay[] = {
#embed "../DaybookWeb/Templates/mustache/onThisDay.mustache"
};
static const unsigned char template_latest[] = {
#embed "../DaybookWeb/Templates/mustache/latest.mustache"
};
static const unsigned char template_tags[] = {
#embed "../DaybookWeb/Templates/mustache/tags.mustache"
};
static const unsigned char template_message[] = {
#embed "../DaybookWeb/Templates/mustache/message.mustache"
};
static const unsigned char template_entry[] = {
#embed "../DaybookWeb/Templates/mustache/entry.mustache"
};
static const unsigned char template_confirmDelete[] = {
#embed "../DaybookWeb/Templates/mustache/confirmDelete.mustache"
};
static const unsigned char template_map[] = {
#embed "../DaybookWeb/Templates/mustache/map.mustache"
};
static const unsigned char template_editConflict[] = {
#embed "../DaybookWeb/Templates/mustache/editConflict.mustache"
};
static const unsigned char template_newEntry[] = {
#embed "../DaybookWeb/Templates/mustache/newEntry.mustache"
};
static const unsigned char template_login[] = {
#embed "../DaybookWeb/Templates/mustache/login.mustache"
};
static const unsigned char template_trust[] = {
#embed "../DaybookWeb/Templates/mustache/trust.mustache"
};
static const unsigned char static_daybook_css[] = {
#embed "../DaybookWeb/Assets/static/daybook.css"
};
static const unsigned char static_timeline_js[] = {
#embed "../DaybookWeb/Assets/static/timeline.js"
};
static const unsigned char static_map_base_js[] = {
#embed "../DaybookWeb/Assets/static/map-base.js"
};
static const unsigned char static_map_js[] = {
#embed "../DaybookWeb/Assets/static/map.js"
};
static const unsigned char static_entry_map_js[] = {
#embed "../DaybookWeb/Assets/static/entry-map.js"
};
static const unsigned char static_entry_video_js[] = {
#embed "../DaybookWeb/Assets/static/entry-video.js"
};
static const unsigned char static_new_entry_js[] = {
#embed "../DaybookWeb/Assets/static/new-entry.js"
};
static const unsigned char static_upload_file_js[] = {
#embed "../DaybookWeb/Assets/static/upload-file.js"
};
static const unsigned char static_entry_photo_js[] = {
#embed "../DaybookWeb/Assets/static/entry-photo.js"
};
static const unsigned char static_entry_motion_js[] = {
#embed "../DaybookWeb/Assets/static/entry-motion.js"
};
static const unsigned char static_countries_geojson[] = {
#embed "../DaybookWeb/Assets/static/countries.geojson"
};

static const unsigned char static_pwa_js[] = {
#embed "../DaybookWeb/Assets/static/pwa.js"
};
static const unsigned char static_remind_js[] = {
#embed "../DaybookWeb/Assets/static/remind.js"
};
static const unsigned char static_sw_js[] = {
#embed "../DaybookWeb/Assets/static/sw.js"
};
static const unsigned char static_app_db_js[] = {
#embed "../DaybookWeb/Assets/static/app-db.js"
};
static const unsigned char static_manifest[] = {
#embed "../DaybookWeb/Assets/static/manifest.webmanifest"
};
static const unsigned char static_icon_192[] = {
#embed "../DaybookWeb/Assets/static/icon-192.png"
};
static const unsigned char static_icon_512[] = {
#embed "../DaybookWeb/Assets/static/icon-512.png"
};
static const unsigned char static_icon_maskable_512[] = {
#embed "../DaybookWeb/Assets/static/icon-maskable-512.png"
};
static const unsigned char static_apple_touch_icon[] = {
#embed "../DaybookWeb/Assets/static/apple-touch-icon.png"
};

static const struct dbk_embedded_file files[] = {
    {"Sources/DaybookWeb/Templates/mustache/head.mustache", template_head, sizeof template_head},
    {"Sources/DaybookWeb/Templates/mustache/foot.mustache", template_foot, sizeof template_foot},
    {"Sources/DaybookWeb/Templates/mustache/tiles.mustache", template_tiles, sizeof template_tiles},
    {"Sources/DaybookWeb/Templates/mustache/tile.mustache", template_tile, sizeof template_tile},
    {"Sources/DaybookWeb/Templates/mustache/sections.mustache", template_sections, sizeof template_sections},
    {"Sources/DaybookWeb/Templates/mustache/fact.mustache", template_fact, sizeof template_fact},
    {"Sources/DaybookWeb/Templates/mustache/timeline.mustache", template_timeline, sizeof template_timeline},
    {"Sources/DaybookWeb/Templates/mustache/search.mustache", template_search, sizeof template_search},
    {"Sources/DaybookWeb/Templates/mustache/onThisDay.mustache", template_onThisDay, sizeof template_onThisDay},
    {"Sources/DaybookWeb/Templates/mustache/latest.mustache", template_latest, sizeof template_latest},
    {"Sources/DaybookWeb/Templates/mustache/tags.mustache", template_tags, sizeof template_tags},
    {"Sources/DaybookWeb/Templates/mustache/message.mustache", template_message, sizeof template_message},
    {"Sources/DaybookWeb/Templates/mustache/entry.mustache", template_entry, sizeof template_entry},
    {"Sources/DaybookWeb/Templates/mustache/confirmDelete.mustache", template_confirmDelete, sizeof template_confirmDelete},
    {"Sources/DaybookWeb/Templates/mustache/map.mustache", template_map, sizeof template_map},
    {"Sources/DaybookWeb/Templates/mustache/editConflict.mustache", template_editConflict, sizeof template_editConflict},
    {"Sources/DaybookWeb/Templates/mustache/newEntry.mustache", template_newEntry, sizeof template_newEntry},
    {"Sources/DaybookWeb/Templates/mustache/login.mustache", template_login, sizeof template_login},
    {"Sources/DaybookWeb/Templates/mustache/trust.mustache", template_trust, sizeof template_trust},
    {"Sources/DaybookWeb/Assets/static/daybook.css", static_daybook_css, sizeof static_daybook_css},
    {"Sources/DaybookWeb/Assets/static/timeline.js", static_timeline_js, sizeof static_timeline_js},
    {"Sources/DaybookWeb/Assets/static/map-base.js", static_map_base_js, sizeof static_map_base_js},
    {"Sources/DaybookWeb/Assets/static/map.js", static_map_js, sizeof static_map_js},
    {"Sources/DaybookWeb/Assets/static/entry-map.js", static_entry_map_js, sizeof static_entry_map_js},
    {"Sources/DaybookWeb/Assets/static/entry-video.js", static_entry_video_js, sizeof static_entry_video_js},
    {"Sources/DaybookWeb/Assets/static/entry-motion.js", static_entry_motion_js, sizeof static_entry_motion_js},
    {"Sources/DaybookWeb/Assets/static/new-entry.js", static_new_entry_js, sizeof static_new_entry_js},
    {"Sources/DaybookWeb/Assets/static/upload-file.js", static_upload_file_js, sizeof static_upload_file_js},
    {"Sources/DaybookWeb/Assets/static/entry-photo.js", static_entry_photo_js, sizeof static_entry_photo_js},
    {"Sources/DaybookWeb/Assets/static/countries.geojson", static_countries_geojson, sizeof static_countries_geojson},
    {"Sources/DaybookWeb/Assets/static/pwa.js", static_pwa_js, sizeof static_pwa_js},
    {"Sources/DaybookWeb/Assets/static/remind.js", static_remind_js, sizeof static_remind_js},
    {"Sources/DaybookWeb/Assets/static/sw.js", static_sw_js, sizeof static_sw_js},
    {"Sources/DaybookWeb/Assets/static/app-db.js", static_app_db_js, sizeof static_app_db_js},
    {"Sources/DaybookWeb/Assets/static/manifest.webmanifest", static_manifest, sizeof static_manifest},
    {"Sources/DaybookWeb/Assets/static/icon-192.png", static_icon_192, sizeof static_icon_192},
    {"Sources/DaybookWeb/Assets/static/icon-512.png", static_icon_512, sizeof static_icon_512},
    {"Sources/DaybookWeb/Assets/static/icon-maskable-512.png", static_icon_maskable_512, sizeof static_icon_maskable_512},
    {"Sources/DaybookWeb/Assets/static/apple-touch-icon.png", static_apple_touch_icon, sizeof static_apple_touch_icon},
};

const struct dbk_embedded_file *dbk_embedded_web_files(size_t *count) {
    *count = sizeof files / sizeof files[0];
    return files;
}
